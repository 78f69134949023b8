import { accountEvents, aiOperations } from '@promptloom/proto';
import { startAiWorker, type RunningService } from '@promptloom/ai-worker';
import { InProcessBus, call, createLogger, type Bus } from '@promptloom/shared';
import { createTestDatabase, signedBuses, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { serveLiveSessions, sessionActor } from '../support/stub-sessions';

let database: TestDatabase;
/** The gateway's signed view of the bus. */
let bus: Bus;
let worker: RunningService;

beforeAll(async () => {
  database = await createTestDatabase();
  const buses = signedBuses(new InProcessBus());
  bus = buses.gateway;
  await serveLiveSessions(buses.admin);
  worker = await startAiWorker({
    databaseUrl: database.url,
    bus: buses.ai,
    logger: createLogger('t', 'silent'),
    provider: {},
  });
});
afterAll(async () => {
  await worker.stop();
  await bus.close();
  await database.drop();
});

const as = (userId: number) => ({ context: { actor: sessionActor(userId) } });
const store = (userId: number) =>
  call(
    bus,
    aiOperations.storeList,
    { family: 'bl', user_id: userId, ai_model: 'gpt-4o', frequency: 2, ai_response: ['Glow', 'Haze'] },
    as(userId),
  );

describe('a deleted user', () => {
  it("loses every row of theirs in the ai schema, and nobody else's", async () => {
    const mine = await store(41);
    await store(42);
    await call(
      bus,
      aiOperations.newStoreSubElements,
      { element_id: mine.ai_response[0]!.id, name: ['Halo'] },
      as(41),
    );
    await call(
      bus,
      aiOperations.setItemActive,
      { user_id: 41, family: 'bl', item_id: mine.ai_response[0]!.id, active: true },
      as(41),
    );

    await bus.publish(accountEvents.userDeleted.subject, { userId: 41 }, { id: 'user-41-deleted' });
    await waitFor(
      async () =>
        (await call(bus, aiOperations.getList, { family: 'bl', user_id: 41 }, as(41))).ai_response.length ===
        0,
      "user 41's list to go",
    );
    const selection = await call(bus, aiOperations.getSelection, { user_id: 41 }, as(41));
    expect(selection.active_elements).toEqual([]);
    const previous = await call(bus, aiOperations.previousSettings, { family: 'bl', user_id: 41 }, as(41));
    expect(previous.ai_model).toBeNull();
    expect(
      (await call(bus, aiOperations.getList, { family: 'bl', user_id: 42 }, as(42))).ai_response,
    ).toHaveLength(2);
  });
});

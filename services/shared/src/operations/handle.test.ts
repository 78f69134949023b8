import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ADMIN,
  DomainError,
  INTERNAL,
  SESSION_ENDED_MESSAGE,
  SIGNED_IN,
  defineOperation,
  ownedBy,
  ownedRecord,
  type Access,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';
import { type AccessChecks } from '../auth/access-checks';
import { InProcessBus } from '../bus';
import { signedBuses } from '../testing/signed-buses';
import { handle } from './handle';

/**
 * The access an operation declares is decided by `handle()` before its handler runs: the handler of a refused
 * request never runs, and an owner lookup is made only for a signed-in caller.
 */
describe("handle() enforces each operation's declared access", () => {
  const Done = z.object({ done: z.literal(true) });
  const ownedByField = (access: Access) =>
    defineOperation(
      'admin',
      `test.${access}`,
      z.object({ user_id: z.number() }),
      Done,
      ownedBy(access, 'user_id'),
    );
  const byRecord = defineOperation(
    'admin',
    'test.record',
    z.object({ id: z.number() }),
    Done,
    ownedRecord('write'),
  );
  const signedIn = defineOperation('admin', 'test.signedIn', z.object({}), Done, SIGNED_IN);
  const admin = defineOperation('admin', 'test.admin', z.object({}), Done, ADMIN);
  const internal = defineOperation('admin', 'test.internal', z.object({}), Done, INTERNAL);

  const owner: Actor = { userId: 1, role: 'user', sessionId: randomUUID(), sessionVersion: 1 };
  const other: Actor = { userId: 2, role: 'user', sessionId: randomUUID(), sessionVersion: 1 };
  const anAdmin: Actor = { userId: 3, role: 'Admin', sessionId: randomUUID(), sessionVersion: 1 };

  let bus: InProcessBus;
  let buses: ReturnType<typeof signedBuses>;
  let handled: string[];
  let looked: number[];
  let endedSessions: Set<string | undefined>;
  const checks: AccessChecks = {
    requireLiveSession: async (context) => {
      if (endedSessions.has(context.actor?.sessionId))
        throw new DomainError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
    },
    requireAdmin: async (context) => {
      if (context.actor?.role !== 'Admin') throw new DomainError('FORBIDDEN', 'not an admin');
    },
  };
  const answer = async () => {
    return { done: true as const };
  };

  beforeEach(async () => {
    bus = new InProcessBus();
    buses = signedBuses(bus, { callers: () => ['gateway', 'ai'] });
    handled = [];
    looked = [];
    endedSessions = new Set();
    const counted = (name: string) => async (): Promise<{ done: true }> => {
      handled.push(name);
      return answer();
    };
    for (const access of ['read', 'read-private', 'write'] as const)
      await handle(buses.admin, ownedByField(access), counted(access), { checks });
    await handle(buses.admin, signedIn, counted('signed-in'), { checks });
    await handle(buses.admin, admin, counted('admin'), { checks });
    await handle(buses.admin, internal, counted('internal'));
    await handle(buses.admin, byRecord, counted('record'), {
      checks,
      ownerOf: async ({ id }) => {
        looked.push(id);
        if (id !== 10) throw new DomainError('NOT_FOUND', 'Item not found.');
        return owner.userId;
      },
    });
  });
  afterEach(() => bus.close());

  const send = (subject: string, payload: unknown, actor?: Actor) =>
    buses.gateway.request(subject, payload, { context: actor ? { actor } : {} });
  const outcome = (subject: string, payload: unknown, actor?: Actor) =>
    send(subject, payload, actor).then(
      () => 'allowed',
      (error: { code?: string }) => error.code,
    );

  it.each([
    ['read', 'allowed', 'FORBIDDEN', 'allowed'],
    ['read-private', 'allowed', 'FORBIDDEN', 'FORBIDDEN'],
    ['write', 'allowed', 'FORBIDDEN', 'FORBIDDEN'],
  ] as const)(
    'owned %s, by the user id in the request: owner %s, another user %s, an admin %s',
    async (access, ...expected) => {
      const subject = ownedByField(access).subject;
      const request = { user_id: owner.userId };
      expect(await outcome(subject, request)).toBe('UNAUTHENTICATED');
      const outcomes = [
        await outcome(subject, request, owner),
        await outcome(subject, request, other),
        await outcome(subject, request, anAdmin),
      ];
      expect(outcomes).toEqual(expected);
      expect(handled).toEqual(outcomes.filter((each) => each === 'allowed').map(() => access));
    },
  );

  it("refuses a caller whose session has ended, after the owner's rule", async () => {
    endedSessions.add(owner.sessionId);
    const subject = ownedByField('write').subject;
    await expect(send(subject, { user_id: owner.userId }, owner)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: SESSION_ENDED_MESSAGE,
    });
    await expect(send(subject, { user_id: other.userId }, owner)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(handled).toEqual([]);
  });

  it('looks up the owner of a record only for a signed-in caller, and answers an unknown record as the lookup says', async () => {
    expect(await outcome(byRecord.subject, { id: 10 })).toBe('UNAUTHENTICATED');
    expect(looked).toEqual([]);
    expect(await outcome(byRecord.subject, { id: 10 }, other)).toBe('FORBIDDEN');
    expect(await outcome(byRecord.subject, { id: 11 }, owner)).toBe('NOT_FOUND');
    expect(await outcome(byRecord.subject, { id: 10 }, owner)).toBe('allowed');
    expect(looked).toEqual([10, 11, 10]);
    expect(handled).toEqual(['record']);
  });

  it('lets any live session through a signed-in operation, and only an admin through an admin one', async () => {
    expect(await outcome(signedIn.subject, {})).toBe('UNAUTHENTICATED');
    expect(await outcome(signedIn.subject, {}, other)).toBe('allowed');
    endedSessions.add(other.sessionId);
    expect(await outcome(signedIn.subject, {}, other)).toBe('UNAUTHENTICATED');
    expect(await outcome(admin.subject, {}, owner)).toBe('FORBIDDEN');
    expect(await outcome(admin.subject, {}, anAdmin)).toBe('allowed');
    expect(handled).toEqual(['signed-in', 'admin']);
  });

  it('answers an internal operation to the callers it lists, with no actor', async () => {
    expect(await outcome(internal.subject, {})).toBe('allowed');
    const context: RequestContext = {};
    await expect(buses.ai.request(internal.subject, {}, { context })).resolves.toEqual({ done: true });
    expect(handled).toEqual(['internal', 'internal']);
  });

  it('refuses to answer an operation whose access it cannot decide', async () => {
    const other = new InProcessBus();
    const service = signedBuses(other).admin;
    const record = defineOperation(
      'admin',
      'test.other',
      z.object({ id: z.number() }),
      Done,
      ownedRecord('read'),
    );
    await expect(handle(service, record, answer, { checks })).rejects.toThrow(/ownerOf/);
    await expect(
      handle(service, ownedByField('read'), answer, { checks, ownerOf: async () => 1 }),
    ).rejects.toThrow(/ownerOf/);
    await expect(handle(service, signedIn, answer)).rejects.toThrow(/checks/);
    await other.close();
  });
});

import { randomBytes } from 'node:crypto';
import { NatsBus } from '@promptloom/shared';
import { type TestDatabase } from '@promptloom/shared/testing';
import { capturedLogger } from '../support/captured-log';
import {
  startDistributedOnPrivateNats,
  type DistributedOnPrivateNats,
} from '../support/distributed-on-private-nats';
import { type DistributedProduct } from '../support/distributed-product';
import {
  EVERY_SUBJECT,
  FORGERIES,
  attackPayload,
  notRefused,
  sendForged,
  type ForgeryOutcome,
} from '../support/forged-requests';
import { newUser, requestJson } from '../support/http';
import {
  LOCKED_DOWN_BUS_CONFIG,
  LOCKED_DOWN_BUS_USERS,
  lockedDownBusUsers,
  type PrivateNats,
} from '../support/private-nats';
import { settledTableRowCounts, tableRowCounts, userExists } from '../support/table-row-counts';
import { contextOf } from '../support/token-context';

const REFUSED_LOG = 'Bus request refused: its sender could not be verified';
const SERVER_DENIED_LOG = 'NATS refused this process permission: check its user in the server configuration';

/**
 * Issue 28.1 on the distributed product (separate processes, a private NATS with deploy/nats.conf): with each
 * process's NATS credentials but not its key, every svc.* operation refuses a forged, replayed, expired or
 * foreign-subject actor, nothing changes, and every refusal is logged at warn with its subject.
 */
describe('a forged actor with each service’s NATS credentials', () => {
  const namespace = `forged-${randomBytes(4).toString('hex')}`;
  const users = lockedDownBusUsers();
  let nats: PrivateNats;
  let database: TestDatabase;
  let running: DistributedOnPrivateNats;
  let product: DistributedProduct;

  beforeAll(async () => {
    running = await startDistributedOnPrivateNats({
      nats: { configFile: LOCKED_DOWN_BUS_CONFIG, env: users.serverEnv },
      product: {
        namespace,
        natsCredentials: users.credentials,
        // Statement ids are remembered per process: a replay reaching another replica of a service within the
        // statement's lifetime is not caught (README "Security"), so one process per service here.
        aiWorkers: 1,
      },
    });
    ({ nats, database, product } = running);
  }, 200_000);

  afterAll(async () => {
    await running?.stop();
  });

  const attackerBus = async (user: (typeof LOCKED_DOWN_BUS_USERS)[number]) => {
    const log = capturedLogger('warn');
    const { NATS_USER, NATS_PASSWORD } = users.credentials(user);
    const bus = await NatsBus.connect({
      servers: nats.url,
      user: NATS_USER,
      pass: NATS_PASSWORD,
      name: `attacker-as-${user}`,
      logger: log.logger,
    });
    return { bus, log };
  };

  it("deletes no one with the ai-worker's password: the issue's exact request", async () => {
    const victim = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const { bus } = await attackerBus('ai-worker');
    try {
      const forged = { userId: 1, role: 'Admin' };
      const reply = bus.request(
        'svc.admin.users.delete',
        { id: victim.body.user.id },
        { context: { actor: forged } },
      );
      // deploy/nats.conf no longer lets the ai-worker's user publish it at all (refused by the server, failing at
      // once); were it let through, the admin service would refuse the unsigned actor.
      const refusal = await reply.then(
        () => null,
        (error: unknown) => error as { code?: string; message?: string },
      );
      expect(
        refusal?.code === 'UNAUTHENTICATED' ||
          (refusal?.code === 'SERVICE_UNAVAILABLE' && /refused by the bus/.test(refusal.message ?? '')),
      ).toBe(true);
      expect(await userExists(database.url, victim.body.user.id)).toBe(true);
    } finally {
      await bus.close();
    }
  });

  it('refuses every forgery on every svc.* operation with every process’s credentials, changing nothing', async () => {
    const victim = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const victimId: number = victim.body.user.id;
    const login = await requestJson(product.baseUrl, 'POST', '/api/login', { body: product.admin });
    const admin = contextOf(login.body.access_token).actor!;
    const before = await settledTableRowCounts(database.url, [victimId]);

    const refusedBy = new Map<string, number>();
    for (const user of LOCKED_DOWN_BUS_USERS) {
      const { bus, log } = await attackerBus(user);
      try {
        const outcomes: ForgeryOutcome[] = [];
        for (const forgery of FORGERIES) {
          outcomes.push(
            ...(await Promise.all(
              EVERY_SUBJECT.map((subject) =>
                sendForged(bus, product.busKeys, forgery, subject, attackPayload(victimId), admin, 5_000),
              ),
            )),
          );
        }
        // A subject this user may not publish at all is refused by the NATS server (deploy/nats.conf) before any
        // service sees it; the attacker's own bus logs that at warn, with the subject.
        const deniedByServer = new Set(
          log.lines.filter((line) => line.msg === SERVER_DENIED_LOG).map((line) => line.subject),
        );
        const unexplained = notRefused(outcomes).filter(
          (outcome) => outcome.code !== 'SERVICE_UNAVAILABLE' || !deniedByServer.has(outcome.subject),
        );
        expect({ user, unexplained }).toEqual({ user, unexplained: [] });
        for (const outcome of outcomes) {
          if (outcome.code === 'UNAUTHENTICATED')
            refusedBy.set(outcome.subject, (refusedBy.get(outcome.subject) ?? 0) + 1);
        }
      } finally {
        await bus.close();
      }
    }

    expect(await tableRowCounts(database.url)).toEqual(before);
    expect(await userExists(database.url, victimId)).toBe(true);
    const logged = product
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter(
        (line) =>
          line.msg === REFUSED_LOG && line.level === 40 && String(line.requestId).startsWith('forged-'),
      );
    for (const [subject, refused] of refusedBy) {
      const lines = logged.filter((line) => line.subject === subject);
      expect({ subject, logged: lines.length }).toEqual({ subject, logged: refused });
    }
  }, 300_000);
});

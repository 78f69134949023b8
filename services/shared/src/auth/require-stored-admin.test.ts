import { randomUUID } from 'node:crypto';
import {
  accountOperations,
  aiRecordOperations,
  sessionOperations,
  type RequestContext,
} from '@promptloom/proto';
import { InProcessBus } from '../bus';
import { handle } from '../operations';
import { signedBuses } from '../testing/signed-buses';
import { STORED_ADMIN_TTL_MS, requireStoredAdmin } from './require-stored-admin';

/**
 * As in the product: the gateway asks the AI worker for an admin operation, the worker checks the stored role with
 * the admin service, forwarding the gateway's statement of the caller.
 */
describe('requireStoredAdmin', () => {
  let bus: InProcessBus;
  let buses: ReturnType<typeof signedBuses>;
  let role = 'Admin';
  let asked = 0;
  let clock = 1_000_000;
  beforeAll(async () => {
    bus = new InProcessBus();
    buses = signedBuses(bus);
    await handle(buses.admin, accountOperations.getUser, async ({ id }) => {
      asked += 1;
      const user = {
        id,
        first_name: 'A',
        last_name: 'B',
        name: 'A B',
        email: 'a@b.c',
        mobile: '1',
        role_type: role,
        status: 'Active' as const,
      };
      return { user };
    });
    await handle(buses.admin, sessionOperations.state, async () => ({
      user: { role: 'Admin', status: 'Active', sessionVersion: 1 },
      revoked: false,
    }));
    // The AI worker's admin check on the test's clock; whether sessions hold is LiveSessions' own test.
    const checks = {
      requireLiveSession: async () => {},
      requireAdmin: async (context: RequestContext) => {
        await requireStoredAdmin(buses.ai, context, clock);
      },
    };
    await handle(buses.ai, aiRecordOperations.counts, async () => ({ lists: 0, items: 0 }) as never, {
      checks,
    });
  });
  afterAll(() => bus.close());

  const context = (userId: number, claimed = 'Admin'): RequestContext => ({
    actor: { userId, role: claimed, sessionId: randomUUID(), sessionVersion: 1 },
  });
  const adminOperation = (asked: RequestContext, now: number) => {
    clock = now;
    return buses.gateway.request(aiRecordOperations.counts.subject, {}, { context: asked });
  };

  it('refuses a caller whose context is not an admin without asking anyone', async () => {
    await expect(adminOperation(context(1, 'user'), clock)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(adminOperation({}, clock)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(asked).toBe(0);
  });

  it('asks the admin service once, trusts the answer for a few seconds, then asks again', async () => {
    const now = 1_000_000;
    await adminOperation(context(7), now);
    await adminOperation(context(7), now + 1000);
    expect(asked).toBe(1);

    role = 'user';
    await expect(adminOperation(context(7), now + STORED_ADMIN_TTL_MS + 1)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(asked).toBe(2);
    await expect(adminOperation(context(7), now + STORED_ADMIN_TTL_MS + 2)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("refuses an admin actor a service claims without the gateway's statement of it", async () => {
    await expect(
      buses.admin.request(aiRecordOperations.counts.subject, {}, { context: context(7) }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

import { accountOperations } from '@promptloom/proto';
import { InProcessBus, handle } from '../bus';
import { STORED_ADMIN_TTL_MS, requireStoredAdmin } from './require-stored-admin';

describe('requireStoredAdmin', () => {
  let bus: InProcessBus;
  let role = 'Admin';
  let asked = 0;
  beforeAll(async () => {
    bus = new InProcessBus();
    await handle(bus, accountOperations.getUser, async ({ id }) => {
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
  });
  afterAll(() => bus.close());

  const context = (userId: number, claimed = 'Admin') => ({ actor: { userId, role: claimed } });

  it('refuses a caller whose context is not an admin without asking anyone', async () => {
    await expect(requireStoredAdmin(bus, context(1, 'user'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(requireStoredAdmin(bus, {})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(asked).toBe(0);
  });

  it('asks the admin service once, trusts the answer for a few seconds, then asks again', async () => {
    const now = 1_000_000;
    await requireStoredAdmin(bus, context(7), now);
    await requireStoredAdmin(bus, context(7), now + 1000);
    expect(asked).toBe(1);

    role = 'user';
    await expect(requireStoredAdmin(bus, context(7), now + STORED_ADMIN_TTL_MS + 1)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(asked).toBe(2);
    await expect(requireStoredAdmin(bus, context(7), now + STORED_ADMIN_TTL_MS + 2)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

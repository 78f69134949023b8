import { accountEvents, accountOperations, DomainError, type PublicUser } from '@promptloom/proto';
import { InProcessBus, call, createLogger, onEvent, type SignedBus } from '@promptloom/shared';
import { createTestDatabase, signedBuses, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startAdminService, type RunningService } from './admin-service';
import { ensureAdminAccount } from './first-admin';

const logger = createLogger('admin-test', 'silent');
let database: TestDatabase;
/** The gateway's view: requests as the gateway sends them. */
let bus: SignedBus;
/** The admin service's own view: what it calls itself (ensureAdmin). */
let adminBus: SignedBus;
let service: RunningService;

beforeAll(async () => {
  database = await createTestDatabase();
  const buses = signedBuses(new InProcessBus());
  bus = buses.gateway;
  adminBus = buses.admin;
  service = await startAdminService({ databaseUrl: database.url, bus: adminBus, logger });
});
afterAll(async () => {
  await service.stop();
  await bus.close();
  await database.drop();
});

const signup = (email: string) =>
  call(bus, accountOperations.signup, {
    first_name: 'Grace',
    last_name: 'Hopper',
    email,
    mobile: '+1 555 0100',
    password: 'a long enough password',
    password_confirmation: 'a long enough password',
  });

describe('admin service: accounts', () => {
  it('publishes user.created through the outbox after a signup commits', async () => {
    const created: PublicUser[] = [];
    await onEvent(bus, accountEvents.userCreated, async ({ user }) => void created.push(user));
    const { user } = await signup('grace.events@example.com');
    await waitFor(() => created.some((seen) => seen.id === user.id), 'the user.created event');
  });

  it('lets exactly one of two simultaneous signups with one email through', async () => {
    const results = await Promise.allSettled([signup('twins@example.com'), signup('twins@example.com')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(DomainError);
    expect((rejected.reason as DomainError).fields).toEqual({ email: ['The email has already been taken.'] });
  });

  it('creates the first admin once, with a generated password when none is given', async () => {
    const first = await ensureAdminAccount(adminBus, { email: 'first.admin@example.com' });
    expect(first.created).toBe(true);
    expect(first.user?.role_type).toBe('Admin');
    expect(first.generatedPassword).toEqual(expect.any(String));

    const login = await call(bus, accountOperations.login, {
      email: 'first.admin@example.com',
      password: first.generatedPassword!,
    });
    expect(login.user.role_type).toBe('Admin');

    const again = await ensureAdminAccount(adminBus, {
      email: 'second.admin@example.com',
      password: 'password-two',
    });
    expect(again).toEqual({ created: false, user: null });
    const added = await ensureAdminAccount(adminBus, {
      email: 'third.admin@example.com',
      password: 'pw-three!',
      always: true,
    });
    expect(added.created).toBe(true);
    expect(added.generatedPassword).toBeUndefined();
  });

  it('answers NOT_FOUND for an unknown user id and BAD_USER_INPUT for a malformed one', async () => {
    await expect(call(bus, accountOperations.getUser, { id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(bus.request(accountOperations.getUser.subject, { id: 'abc' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });

  it('starts again on the same database: migrations already applied are not applied twice', async () => {
    const other = signedBuses(new InProcessBus());
    const otherBus = other.gateway;
    const again = await startAdminService({ databaseUrl: database.url, bus: other.admin, logger });
    const login = await call(otherBus, accountOperations.login, {
      email: 'grace.events@example.com',
      password: 'a long enough password',
    });
    expect(login.user.email).toBe('grace.events@example.com');
    await again.stop();
    await otherBus.close();
  });
});

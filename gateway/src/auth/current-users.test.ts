import { accountEvents, accountOperations, type PublicUser } from '@promptloom/proto';
import { randomUUID } from 'node:crypto';
import { InProcessBus, LiveSessions, handle, type Bus } from '@promptloom/shared';
import { signedBuses } from '@promptloom/shared/testing';
import { CurrentUsers } from './current-users';

const user = (id: number, status: PublicUser['status'] = 'Active'): PublicUser => ({
  id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: `ada.${id}@example.com`,
  mobile: '+44 20 7946 0958',
  role_type: 'user',
  status,
});

const publish = (bus: Bus, event: { subject: string }, payload: unknown) =>
  bus.publish(event.subject, payload, { id: randomUUID() });

/** Waits (turn by turn of the event loop) until the event handlers have done what `done` checks. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

async function setup(ttlMs = 60_000) {
  const buses = signedBuses(new InProcessBus());
  await handle(buses.admin, accountOperations.getUser, async ({ id }) => ({ user: user(id) }));
  const bus = buses.gateway;
  const users = new CurrentUsers(bus, ttlMs);
  await users.watch(new LiveSessions(bus, ttlMs));
  return { bus, users };
}

describe('CurrentUsers kept records read synchronously', () => {
  it('has nothing kept before a lookup answered, then the stored record until it expires', async () => {
    const { bus, users } = await setup(60_000);
    const now = Date.now();
    expect(users.kept(7, now)).toBeUndefined();
    const pending = users.get(7, {}, now);
    expect(users.kept(7, now)).toBeUndefined();
    await pending;
    expect(users.kept(7, now)).toEqual(user(7));
    expect(users.kept(7, now + 60_000)).toBeUndefined();
    await bus.close();
  });

  it('keeps nothing once forgotten, deleted or the bus is gone; an update replaces the record', async () => {
    const { bus, users } = await setup();
    await users.get(7, {});
    users.forget(7);
    expect(users.kept(7)).toBeUndefined();

    await users.get(7, {});
    await publish(bus, accountEvents.userUpdated, { user: user(7, 'Inactive') });
    await until(() => users.kept(7)?.status === 'Inactive');
    expect(users.kept(7)).toEqual(user(7, 'Inactive'));

    await publish(bus, accountEvents.userDeleted, { userId: 7 });
    await until(() => users.kept(7) === undefined);

    await users.get(7, {});
    expect(users.kept(7)).toEqual(user(7));
    await bus.close();
    expect(users.kept(7)).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import { sessionEvents, sessionOperations, type SessionState } from '@promptloom/proto';
import { InProcessBus } from '../bus';
import { handle } from '../operations';
import { signedBuses } from '../testing/signed-buses';
import { waitFor } from '../testing/wait-for';
import { LiveSessions, type SessionEnded } from './live-sessions';

describe('LiveSessions', () => {
  let bus: InProcessBus;
  let sessions: LiveSessions;
  let asked = 0;
  let stored: SessionState = { user: { role: 'user', status: 'Active', sessionVersion: 1 }, revoked: false };
  const ended: SessionEnded[] = [];

  beforeAll(async () => {
    bus = new InProcessBus();
    const buses = signedBuses(bus);
    await handle(buses.admin, sessionOperations.state, async () => {
      asked += 1;
      return stored;
    });
    sessions = new LiveSessions(buses.ai, 5_000);
    await sessions.watch();
    sessions.onEnded((event) => ended.push(event));
  });
  afterAll(async () => {
    await sessions.stop();
    await bus.close();
  });

  const actor = (sessionId: string, sessionVersion = 1) => ({
    userId: 7,
    role: 'user',
    sessionId,
    sessionVersion,
  });

  it('takes no actor without a session for an internal caller: a user always acts in a session', async () => {
    const before = asked;
    await expect(sessions.isLive({ userId: 7, role: 'user' })).resolves.toBe(false);
    expect(sessions.isLiveNow({ userId: 7, role: 'Admin' })).toBe(false);
    expect(asked).toBe(before);
  });

  it('asks once, keeps the answer for the TTL, then asks again', async () => {
    const sessionId = randomUUID();
    const before = asked;
    const now = 1_000_000;
    await expect(sessions.isLive(actor(sessionId), now)).resolves.toBe(true);
    await expect(sessions.isLive(actor(sessionId), now + 4_000)).resolves.toBe(true);
    expect(asked).toBe(before + 1);
    await sessions.isLive(actor(sessionId), now + 5_001);
    expect(asked).toBe(before + 2);
  });

  it('forgets a kept answer as soon as evt.admin.session.ended arrives, and tells its listeners', async () => {
    const sessionId = randomUUID();
    const now = 2_000_000;
    await expect(sessions.isLive(actor(sessionId), now)).resolves.toBe(true);
    stored = { user: { role: 'user', status: 'Inactive', sessionVersion: 2 }, revoked: false };
    await bus.publish(
      sessionEvents.sessionEnded.subject,
      { userId: 7, sessionId: null, reason: 'deactivated' },
      { id: randomUUID() },
    );
    await waitFor(() => ended.length === 1, 'the ended session to reach the listener');
    expect(ended[0]).toEqual({ userId: 7, sessionId: null, reason: 'deactivated' });
    // Still within the TTL of the first answer: only the event can have dropped it.
    await expect(sessions.isLive(actor(sessionId), now + 1)).resolves.toBe(false);
  });

  it('refuses a token whose version, role or session id no longer matches what is stored', async () => {
    stored = { user: { role: 'user', status: 'Active', sessionVersion: 3 }, revoked: false };
    await expect(sessions.isLive(actor(randomUUID(), 2))).resolves.toBe(false);
    await expect(sessions.isLive(actor(randomUUID(), 3))).resolves.toBe(true);
    await expect(sessions.isLive({ ...actor(randomUUID(), 3), role: 'Admin' })).resolves.toBe(false);
    stored = { user: { role: 'user', status: 'Active', sessionVersion: 3 }, revoked: true };
    await expect(sessions.isLive(actor(randomUUID(), 3))).resolves.toBe(false);
    stored = { user: null, revoked: false };
    await expect(sessions.isLive(actor(randomUUID(), 3))).resolves.toBe(false);
  });
});

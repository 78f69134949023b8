import { SESSION_IDLE_MS } from './constants';
import { canRestoreSession } from './session';

describe('canRestoreSession', () => {
  const now = 1_700_000_000_000;
  const stored = { token: 'token', user: '{"id":1}' };

  it('restores a session active under an hour ago', () => {
    expect(canRestoreSession({ ...stored, lastActivity: now - SESSION_IDLE_MS + 1 }, now)).toBe(true);
    expect(canRestoreSession({ ...stored, lastActivity: String(now - 1000) }, now)).toBe(true);
  });

  it('clears a session idle for an hour or more', () => {
    expect(canRestoreSession({ ...stored, lastActivity: now - SESSION_IDLE_MS }, now)).toBe(false);
    expect(canRestoreSession({ ...stored, lastActivity: now - 2 * SESSION_IDLE_MS }, now)).toBe(false);
  });

  it('clears a session missing its token, user or last activity', () => {
    expect(canRestoreSession({ user: stored.user, lastActivity: now }, now)).toBe(false);
    expect(canRestoreSession({ token: stored.token, lastActivity: now }, now)).toBe(false);
    expect(canRestoreSession({ ...stored }, now)).toBe(false);
    expect(canRestoreSession({ ...stored, lastActivity: '' }, now)).toBe(false);
    expect(canRestoreSession({ ...stored, lastActivity: 'soon' }, now)).toBe(false);
  });

  it('clears a session whose last activity is in the future', () => {
    expect(canRestoreSession({ ...stored, lastActivity: now + 60_000 }, now)).toBe(false);
  });
});

describe('canRestoreSession with a configured idle time', () => {
  it('uses the given idle limit instead of the hour', () => {
    const stored = { token: 't', user: '{}', lastActivity: 1_000 };
    expect(canRestoreSession(stored, 1_000 + 4_999, 5_000)).toBe(true);
    expect(canRestoreSession(stored, 1_000 + 5_000, 5_000)).toBe(false);
  });
});

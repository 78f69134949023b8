import { randomUUID } from 'node:crypto';
import { TokenService } from './token-service';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const actor = { userId: 7, role: 'user', sessionId: randomUUID(), sessionVersion: 2 };

describe('TokenService renewals', () => {
  it('renews an old token once per refresh interval, shared by the requests that still carry it', () => {
    const tokens = new TokenService(SECRET, 3_600_000, 60_000);
    const verified = tokens.verify(tokens.issue(actor).token);
    expect(tokens.refreshed(verified, verified.issuedAtMs + 59_000)).toBeNull();

    const renewedAt = verified.issuedAtMs + 61_000;
    const renewal = tokens.refreshed(verified, renewedAt);
    expect(renewal).not.toBeNull();
    expect(tokens.verify(renewal!).actor).toEqual(actor);
    expect(tokens.refreshed(verified, renewedAt + 30_000)).toBe(renewal);
  });

  it('never hands one session the renewal of another', () => {
    const tokens = new TokenService(SECRET, 3_600_000, 60_000);
    const other = { ...actor, sessionId: randomUUID() };
    const mine = tokens.verify(tokens.issue(actor).token);
    const theirs = tokens.verify(tokens.issue(other).token);
    const now = mine.issuedAtMs + 61_000;
    expect(tokens.verify(tokens.refreshed(mine, now)!).actor).toEqual(actor);
    expect(tokens.verify(tokens.refreshed(theirs, now)!).actor).toEqual(other);
  });
});

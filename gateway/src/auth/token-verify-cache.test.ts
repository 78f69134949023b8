import { randomUUID } from 'node:crypto';
import { SESSION_EXPIRED, SESSION_INVALID, TokenService } from './token-service';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const actor = { userId: 7, role: 'user', sessionId: randomUUID(), sessionVersion: 2 };

describe('TokenService verifications kept by token', () => {
  it('refuses a kept token as expired from the second of its expiry on', () => {
    const tokens = new TokenService(SECRET, 3_600_000);
    const { token } = tokens.issue(actor);
    const { expiresAtMs } = tokens.verify(token);
    expect(tokens.verify(token, expiresAtMs - 1).actor).toEqual(actor);
    expect(() => tokens.verify(token, expiresAtMs)).toThrow(SESSION_EXPIRED);
    expect(() => tokens.verify(token, expiresAtMs + 1)).toThrow(SESSION_EXPIRED);
  });

  it('still refuses a tampered copy of a kept token', () => {
    const tokens = new TokenService(SECRET, 3_600_000);
    const { token } = tokens.issue(actor);
    tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' }),
    );
    expect(() => tokens.verify([header, forged.toString('base64url'), signature].join('.'))).toThrow(
      SESSION_INVALID,
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => tokens.verify([header, payload, flipped].join('.'))).toThrow(SESSION_INVALID);
  });

  it('hands each caller its own actor: changing one does not change the next', () => {
    const tokens = new TokenService(SECRET, 3_600_000);
    const { token } = tokens.issue(actor);
    tokens.verify(token).actor.role = 'admin';
    expect(tokens.verify(token).actor).toEqual(actor);
  });

  it('does not accept a kept token under another secret', () => {
    const { token } = new TokenService(SECRET, 3_600_000).issue(actor);
    new TokenService(SECRET, 3_600_000).verify(token);
    expect(() => new TokenService(`${SECRET}-other`, 3_600_000).verify(token)).toThrow(SESSION_INVALID);
  });
});

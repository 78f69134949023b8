import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Actor, DomainError } from '@promptloom/proto';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const SESSION_INVALID = 'Your session is not valid. Please log in again.';

export interface VerifiedToken {
  actor: Actor;
  issuedAtMs: number;
  expiresAtMs: number;
}

/**
 * Access tokens are HS256 JWTs that expire after `idleMs` (60 minutes by default). Every authenticated request
 * older than `refreshAfterMs` (a minute, or a quarter of a short idle time) gets a fresh token in the `X-Access-Token` response header, so a session ends only
 * after an hour without requests: the spec's "60 minutes of inactivity". The token carries its session id (`sid`,
 * ended by logout) and its user's session version (`sv`, bumped when the account changes); `LiveSessions` checks
 * both against the admin service, with a short cache.
 *
 * The secret is held as a KeyObject: given a string, jsonwebtoken first tries it as a PEM public key on every call
 * (about 400 µs that fail before the HMAC's 6 µs).
 */
export class TokenService {
  private readonly secret: KeyObject;
  /** The latest renewal per session, so that requests still carrying an old token share one signature. */
  private readonly renewals = new Map<string, { token: string; issuedAtMs: number }>();
  /**
   * Tokens already verified, by their exact text: the same bytes under the same secret verify the same way, so only
   * the expiry is checked again (jsonwebtoken's decoding and HMAC are most of a request's token cost otherwise).
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    readonly idleMs: number,
    private readonly refreshAfterMs = Math.min(60_000, idleMs / 4),
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(actor: Actor): { token: string; expiresInSeconds: number } {
    const expiresInSeconds = Math.floor(this.idleMs / 1000);
    const token = jwt.sign(
      { role: actor.role, sid: actor.sessionId, sv: actor.sessionVersion },
      this.secret,
      {
        algorithm: 'HS256',
        subject: String(actor.userId),
        expiresIn: expiresInSeconds,
      },
    );
    return { token, expiresInSeconds };
  }

  verify(token: string, now = Date.now()): VerifiedToken {
    const kept = this.verified.get(token);
    if (kept) {
      // As jsonwebtoken decides: expired from the second of `exp` on.
      if (Math.floor(now / 1000) >= kept.expiresAtMs / 1000) {
        this.verified.delete(token);
        throw new DomainError('UNAUTHENTICATED', SESSION_EXPIRED);
      }
      return { ...kept, actor: { ...kept.actor } };
    }
    const verified = this.verifyOnce(token, now);
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, verified);
    return { ...verified, actor: { ...verified.actor } };
  }

  private verifyOnce(token: string, now: number): VerifiedToken {
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.secret, {
        algorithms: ['HS256'],
        clockTimestamp: Math.floor(now / 1000),
      }) as jwt.JwtPayload;
    } catch (error) {
      const expired = error instanceof jwt.TokenExpiredError;
      throw new DomainError('UNAUTHENTICATED', expired ? SESSION_EXPIRED : SESSION_INVALID);
    }
    const actor = Actor.safeParse({
      userId: Number(claims.sub),
      role: claims.role,
      sessionId: claims.sid,
      sessionVersion: claims.sv,
    });
    // A token without a session (issued before sessions could end) is not accepted: its user signs in again.
    if (!actor.success || claims.iat === undefined || claims.exp === undefined || !actor.data.sessionId)
      throw new DomainError('UNAUTHENTICATED', SESSION_INVALID);
    return { actor: actor.data, issuedAtMs: claims.iat * 1000, expiresAtMs: claims.exp * 1000 };
  }

  /**
   * A fresh token for a still-valid one, when it is old enough to be worth replacing. Requests that still carry the
   * old token (sent before the client saw the new one) get the same renewal for `refreshAfterMs`, not one each.
   */
  refreshed(verified: VerifiedToken, now = Date.now()): string | null {
    if (now - verified.issuedAtMs < this.refreshAfterMs) return null;
    const { actor } = verified;
    const key = `${actor.userId}:${actor.sessionId}:${actor.sessionVersion}:${actor.role}`;
    const kept = this.renewals.get(key);
    if (kept && kept.issuedAtMs > verified.issuedAtMs && now - kept.issuedAtMs < this.refreshAfterMs)
      return kept.token;
    const token = this.issue(actor).token;
    this.renewals.set(key, { token, issuedAtMs: now });
    if (this.renewals.size > 10_000) {
      for (const [old, renewal] of this.renewals)
        if (now - renewal.issuedAtMs >= this.refreshAfterMs) this.renewals.delete(old);
    }
    return token;
  }
}

const MAX_VERIFIED_TOKENS = 10_000;

/** The bearer token of an `Authorization` header value, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

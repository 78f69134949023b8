import { createHash, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { Actor, BUS_SIGNERS, type BusSigner } from '@promptloom/proto';
import { z } from 'zod';
import { type BusKeys } from './bus-keys';

/**
 * What a sender states about one bus request, signed with its Ed25519 key: a JWS in compact form
 * (`header.claims.signature`, base64url; header `{"alg":"EdDSA","kid":"<signer>.<key id>"}`), so any JOSE library
 * can check one. Claims:
 * - `iss` the signer ('gateway' or a service), `sub` the request's subject, `dig` the SHA-256 of its payload as sent
 *   (base64url), `iat` and `exp` in seconds, `jti` a unique id (a receiver takes each once);
 * - `act` only from the gateway: the user it authenticated for this request.
 */
export const StatementClaims = z.object({
  iss: z.enum(BUS_SIGNERS),
  sub: z.string(),
  dig: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(16).max(64),
  act: Actor.optional(),
});
export type StatementClaims = z.infer<typeof StatementClaims>;

export const digestOf = (body: string): string => createHash('sha256').update(body).digest('base64url');

const encodeJson = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs statements as one signer; the header, the same for every statement, is encoded once. */
export class StatementSigner {
  private readonly header: string;

  constructor(
    private readonly keys: Pick<BusKeys, 'signer' | 'signingKey' | 'signingKeyId'>,
    private readonly ttlSeconds: number,
  ) {
    this.header = encodeJson({ alg: 'EdDSA', kid: `${keys.signer}.${keys.signingKeyId}` });
  }

  get signer(): BusSigner {
    return this.keys.signer;
  }

  sign(subject: string, body: string, actor: Actor | undefined, nowMs: number): string {
    const iat = Math.floor(nowMs / 1000);
    const claims: StatementClaims = {
      iss: this.keys.signer,
      sub: subject,
      dig: digestOf(body),
      iat,
      exp: iat + this.ttlSeconds,
      jti: randomUUID(),
      ...(actor && { act: actor }),
    };
    const signed = `${this.header}.${encodeJson(claims)}`;
    return `${signed}.${sign(null, Buffer.from(signed), this.keys.signingKey).toString('base64url')}`;
  }
}

export type ReadStatement = { ok: true; claims: StatementClaims } | { ok: false; reason: string };

const Header = z.object({ alg: z.literal('EdDSA'), kid: z.string() });

/** Checks a statement's signature against the trusted keys and returns its claims; expiry and use are the caller's. */
export class StatementReader {
  /** Headers seen, with the key each names: a header is parsed once, not per request. */
  private readonly keyOfHeader = new Map<string, { signer: BusSigner; key: KeyObject }>();

  constructor(private readonly trusted: BusKeys['trusted']) {}

  /** How many headers are remembered (each names a trusted key). */
  get rememberedHeaders(): number {
    return this.keyOfHeader.size;
  }

  read(statement: string): ReadStatement {
    const parts = statement.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    const [header, claims, signature] = parts as [string, string, string];
    const named = this.keyOf(header);
    if (!named) return { ok: false, reason: 'signed with an unknown key' };
    const valid = verify(
      null,
      Buffer.from(`${header}.${claims}`),
      named.key,
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return { ok: false, reason: 'bad signature' };
    const parsed = StatementClaims.safeParse(parseJson(claims));
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    if (parsed.data.iss !== named.signer) return { ok: false, reason: 'signed with another signer’s key' };
    return { ok: true, claims: parsed.data };
  }

  private keyOf(header: string) {
    const known = this.keyOfHeader.get(header);
    if (known) return known;
    const parsed = Header.safeParse(parseJson(header));
    const [signer, keyId] = parsed.success ? parsed.data.kid.split('.') : [];
    const key = signer && keyId ? this.trusted.get(signer as BusSigner)?.get(keyId) : undefined;
    const named = key ? { signer: signer as BusSigner, key } : null;
    // Only the signers' own header of a trusted key is remembered: variants of it (other fields, other spacing) are
    // read again each time, so forged statements cannot grow the map.
    if (named && parsed.success && header === encodeJson({ alg: 'EdDSA', kid: parsed.data.kid })) {
      this.keyOfHeader.set(header, named);
    }
    return named;
  }
}

function parseJson(base64url: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64url, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

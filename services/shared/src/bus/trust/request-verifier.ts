import { isDeepStrictEqual } from 'node:util';
import {
  DomainError,
  NOT_AUTHORIZED_MESSAGE,
  callersOf,
  type Actor,
  type BusSigner,
  type RequestContext,
} from '@promptloom/proto';
import { type ReceivedRequest } from '../bus';
import { type BusLogger } from '../bus-logger';
import { type BusKeys } from './bus-keys';
import { StatementReader, digestOf, type StatementClaims } from './bus-statement';
import { SeenIds } from './seen-ids';

export const UNVERIFIED_REQUEST_MESSAGE = 'This request could not be verified.';

/** How far ahead of this process's clock a statement's issue time may be (clocks of separate machines drift). */
const CLOCK_SKEW_SECONDS = 5;

class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly code: 'UNAUTHENTICATED' | 'FORBIDDEN' = 'UNAUTHENTICATED',
    readonly caller?: BusSigner,
  ) {
    super(reason);
  }
}

/**
 * A service's check of every request before its handler runs: the sender's statement must be signed by a trusted
 * key, for this subject and this exact payload, unexpired and not seen before, from a caller the operation allows
 * (`callersOf`); the actor is the one the gateway signed, directly or forwarded by the calling service. A request
 * that fails is refused and logged once at `warn` with its subject, request id and why.
 */
export class RequestVerifier {
  private readonly reader: StatementReader;
  private readonly seen = new SeenIds();

  constructor(
    keys: Pick<BusKeys, 'trusted'>,
    private readonly logger: BusLogger,
    private readonly now: () => number = Date.now,
    private readonly callers: (subject: string) => readonly BusSigner[] = callersOf,
  ) {
    this.reader = new StatementReader(keys.trusted);
  }

  /** The context the handler gets: the proven actor, its statement to forward, and the verified caller. */
  verify(subject: string, claimed: RequestContext, received: ReceivedRequest): RequestContext {
    try {
      return this.check(subject, claimed, received);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.logger.warn(
        { subject, requestId: claimed.requestId, reason: error.reason, caller: error.caller },
        'Bus request refused: its sender could not be verified',
      );
      throw new DomainError(
        error.code,
        error.code === 'FORBIDDEN' ? NOT_AUTHORIZED_MESSAGE : UNVERIFIED_REQUEST_MESSAGE,
      );
    }
  }

  private check(subject: string, claimed: RequestContext, received: ReceivedRequest): RequestContext {
    const nowMs = this.now();
    const { sender, actor: forwarded } = received.proofs;
    if (!sender) throw new Refusal('no sender statement');
    const statement = this.readUnexpired(sender, nowMs, 'sender statement');
    const caller = statement.iss;
    if (statement.sub !== subject) throw new Refusal(`statement for another subject (${statement.sub})`);
    if (statement.dig !== digestOf(received.body)) throw new Refusal('payload does not match its statement');
    if (!this.seen.take(statement.jti, statement.exp * 1000, nowMs))
      throw new Refusal('statement replayed', 'UNAUTHENTICATED', caller);
    if (!this.callers(subject).includes(caller)) throw new Refusal('caller not allowed', 'FORBIDDEN', caller);

    let actor: Actor | undefined;
    let actorProof: string | undefined;
    if (caller === 'gateway') {
      actor = statement.act;
      actorProof = actor && sender;
    } else if (forwarded) {
      // The user's statement was made for the request the calling service is handling: its subject and payload are
      // that request's, so only who signed it, its actor and its expiry count here.
      const user = this.readUnexpired(forwarded, nowMs, 'actor statement');
      if (user.iss !== 'gateway' || !user.act)
        throw new Refusal('actor statement not from the gateway', 'UNAUTHENTICATED', caller);
      actor = user.act;
      actorProof = forwarded;
    } else if (statement.act) {
      throw new Refusal('only the gateway states an actor', 'UNAUTHENTICATED', caller);
    }
    if (claimed.actor && !actor) throw new Refusal('actor without a statement', 'UNAUTHENTICATED', caller);
    if (claimed.actor && !isDeepStrictEqual(claimed.actor, actor))
      throw new Refusal('actor does not match its statement', 'UNAUTHENTICATED', caller);
    return {
      ...(claimed.requestId !== undefined && { requestId: claimed.requestId }),
      ...(claimed.idempotencyKey !== undefined && { idempotencyKey: claimed.idempotencyKey }),
      ...(actor && { actor, actorProof }),
      caller,
    };
  }

  private readUnexpired(statement: string, nowMs: number, what: string): StatementClaims {
    const read = this.reader.read(statement);
    if (!read.ok) throw new Refusal(`${what}: ${read.reason}`);
    if (read.claims.exp * 1000 <= nowMs)
      throw new Refusal(`${what} expired`, 'UNAUTHENTICATED', read.claims.iss);
    if (read.claims.iat > nowMs / 1000 + CLOCK_SKEW_SECONDS)
      throw new Refusal(`${what} issued in the future`, 'UNAUTHENTICATED', read.claims.iss);
    return read.claims;
  }
}

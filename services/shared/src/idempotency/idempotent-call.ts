import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { type EntityManager } from '@mikro-orm/postgresql';
import { DomainError, isDomainError, type RequestContext } from '@promptloom/proto';
import { stringify } from 'safe-stable-stringify';
import { type Database } from '../db/database';
import { INTERNAL_ERROR_MESSAGE, readReply } from '../bus/reply-envelope';
import { type IdempotencyKeys, type KeyScope, type StoredKey } from './idempotency-keys';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request; send a new key for a new request.';
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE =
  'A request with this Idempotency-Key is still being processed; it is applied once. Retry in a moment.';

/** A handler run under an Idempotency-Key: its first committed write takes the key (OutboxWriter.write). */
export class IdempotentCall {
  private state: 'open' | 'claiming' | 'claimed' | 'finished' = 'open';
  /** While a write holding the claim is open: settles when it commits or rolls back. */
  private settled?: { promise: Promise<void>; resolve: () => void };

  constructor(
    readonly keys: IdempotencyKeys,
    readonly scope: KeyScope,
  ) {}

  /**
   * Takes the key in `tx` if no write of this handler has yet; throws KeyAlreadyCommitted when an earlier request
   * committed it. Returns a function to call once `tx` committed; a write that only follows the first one, or runs
   * on after the handler answered, gets none.
   */
  async claimIn(tx: EntityManager): Promise<(() => void) | undefined> {
    if (this.state !== 'open') return undefined;
    this.state = 'claiming';
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    this.settled = { promise, resolve };
    try {
      if (!(await this.keys.claim(tx, this.scope))) throw new KeyAlreadyCommitted();
    } catch (error) {
      this.released();
      throw error;
    }
    return () => {
      this.state = 'claimed';
      this.settled?.resolve();
    };
  }

  /** The claim did not commit (the write rolled back): the next write takes the key again. */
  released(): void {
    if (this.state !== 'claiming') return;
    this.state = 'open';
    this.settled?.resolve();
  }

  /**
   * The handler is done: waits for a write still committing the claim (one the handler did not await), and says
   * whether the key was committed, so its answer must be stored. Writes that start later take no key.
   */
  async finish(): Promise<boolean> {
    if (this.state === 'claiming') await this.settled?.promise;
    if (this.state === 'open') this.state = 'finished';
    return this.state === 'claimed';
  }
}

/** The writer found the key committed by an earlier request: the handler stops and that request's answer is sent. */
export class KeyAlreadyCommitted extends Error {
  constructor() {
    super('This Idempotency-Key was committed by an earlier request.');
  }
}

const running = new AsyncLocalStorage<IdempotentCall | undefined>();

/**
 * Runs an event or job handler outside any request's key: delivered in process, it would otherwise inherit the
 * async context of the request that published or enqueued it.
 */
export function outsideIdempotentCall<T>(work: () => Promise<T>): Promise<T> {
  return running.run(undefined, work);
}

/** The keyed call the running handler writes for, if it writes to `orm` (the database of the keys' service). */
export function idempotentCallWriting(orm: Database): IdempotentCall | undefined {
  const call = running.getStore();
  return call?.keys.orm === orm ? call : undefined;
}

/**
 * Runs a request's handler at most once per Idempotency-Key (scoped to the actor and operation): a repeat of a
 * committed request gets the stored answer without running the handler; the same key with another request is
 * refused (422), and while the first is still answering a repeat gets 409. Without a key, an actor, or keys for
 * this service, the handler simply runs. Every handler runs in its own scope, so a handler on the same process
 * (the in-process bus) never writes under its caller's key.
 */
export async function answerOnce(
  keys: IdempotencyKeys | undefined,
  operation: string,
  request: unknown,
  context: RequestContext,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const key = context.idempotencyKey;
  const actorId = context.actor?.userId;
  if (!keys || !key || actorId === undefined) return running.run(undefined, run);

  const call = new IdempotentCall(keys, { actorId, operation, key, fingerprint: fingerprintOf(request) });
  const earlier = await keys.find(call.scope);
  if (earlier) return replay(call.scope, earlier, keys, context);
  let result: unknown;
  try {
    result = await running.run(call, run);
  } catch (error) {
    if (error instanceof KeyAlreadyCommitted) {
      return replay(call.scope, await keys.find(call.scope), keys, context);
    }
    if (await call.finish()) await keys.saveOutcome(call.scope, { ok: false, error: wireOf(error) }, context);
    throw error;
  }
  if (await call.finish()) await keys.saveOutcome(call.scope, { ok: true, data: result }, context);
  return result;
}

function replay(
  scope: KeyScope,
  stored: StoredKey | null,
  keys: IdempotencyKeys,
  context: RequestContext,
): unknown {
  if (stored && stored.fingerprint !== scope.fingerprint) {
    throw new DomainError('BAD_USER_INPUT', IDEMPOTENCY_KEY_REUSED_MESSAGE, {
      idempotency_key: [IDEMPOTENCY_KEY_REUSED_MESSAGE],
    });
  }
  // No row: the request that held the key rolled back a moment ago; this one may simply be sent again.
  if (!stored?.outcome) throw new DomainError('CONFLICT', IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE);
  keys.logger?.debug(
    { operation: scope.operation, requestId: context.requestId },
    'Repeated request answered from its Idempotency-Key',
  );
  return readReply(scope.operation, JSON.stringify(stored.outcome));
}

/** The request as the handler sees it (parsed), hashed with its keys in a stable order. */
function fingerprintOf(request: unknown): string {
  return createHash('sha256')
    .update(stringify(request) ?? '')
    .digest('hex');
}

function wireOf(error: unknown) {
  return isDomainError(error)
    ? error.toWire()
    : { code: 'INTERNAL' as const, message: INTERNAL_ERROR_MESSAGE };
}

import { callersOf, type BusSigner, type RequestContext } from '@promptloom/proto';
import {
  type Bus,
  type ConsumeOptions,
  type DeadLetterQuery,
  type EventHandler,
  type JobHandler,
  type PublishOptions,
  type RequestHandler,
  type RequestOptions,
  type RequestProofs,
  type SubscribeOptions,
} from '../bus';
import { silentBusLogger, type BusLogger } from '../bus-logger';
import { type BusKeys } from './bus-keys';
import { StatementSigner } from './bus-statement';
import { RequestVerifier } from './request-verifier';

/** How long a request's statement holds (BUS_PROOF_TTL_MS): enough for the request and the calls it makes. */
export const DEFAULT_PROOF_TTL_MS = 30_000;

export interface SignedBusOptions {
  keys: BusKeys;
  logger?: BusLogger;
  /** Default 30 s. */
  proofTtlMs?: number;
  /** The clock statements are signed and checked by (tests move it). */
  now?: () => number;
  /** Who may call a subject; default the registry's declaration (`callersOf`). */
  callers?: (subject: string) => readonly BusSigner[];
}

/**
 * One process part's view of the bus (the gateway, or one service): every request it sends carries its signed
 * statement (and, from a service calling for a user, the gateway's statement of that user); every request it
 * serves is verified before the handler runs (RequestVerifier). Events and jobs pass through unchanged. In the
 * embedded product the gateway and each service share one InProcessBus, each through its own SignedBus.
 */
export class SignedBus implements Bus {
  private readonly signer: StatementSigner;
  private readonly verifier: RequestVerifier;
  private readonly now: () => number;

  constructor(
    private readonly inner: Bus,
    options: SignedBusOptions,
  ) {
    this.now = options.now ?? Date.now;
    const ttlSeconds = Math.max(1, Math.round((options.proofTtlMs ?? DEFAULT_PROOF_TTL_MS) / 1000));
    this.signer = new StatementSigner(options.keys, ttlSeconds);
    this.verifier = new RequestVerifier(
      options.keys,
      options.logger ?? silentBusLogger,
      this.now,
      options.callers ?? callersOf,
    );
  }

  /** The bus this one signs on. */
  get unsigned(): Bus {
    return this.inner;
  }

  request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    return this.inner.request(subject, payload, {
      ...options,
      prove: (body) => this.proofs(subject, body, options.context),
    });
  }

  serve(subject: string, queue: string, handler: RequestHandler) {
    return this.inner.serve(subject, queue, (payload, context, received) =>
      handler(payload, this.verifier.verify(subject, context, received), received),
    );
  }

  private proofs(subject: string, body: string, context: RequestContext | undefined): RequestProofs {
    const now = this.now();
    if (this.signer.signer === 'gateway') {
      return { sender: this.signer.sign(subject, body, context?.actor, now) };
    }
    // A service states only itself; the user it calls for is proven by the gateway's statement it received.
    return {
      sender: this.signer.sign(subject, body, undefined, now),
      ...(context?.actor && context.actorProof && { actor: context.actorProof }),
    };
  }

  publish(subject: string, payload: unknown, options: PublishOptions) {
    return this.inner.publish(subject, payload, options);
  }

  subscribe(filter: string, handler: EventHandler, options?: SubscribeOptions) {
    return this.inner.subscribe(filter, handler, options);
  }

  lastEventSequence() {
    return this.inner.lastEventSequence();
  }

  maxPayloadBytes() {
    return this.inner.maxPayloadBytes();
  }

  enqueue(queue: string, payload: unknown, options: PublishOptions) {
    return this.inner.enqueue(queue, payload, options);
  }

  consume(queue: string, handler: JobHandler, options?: ConsumeOptions) {
    return this.inner.consume(queue, handler, options);
  }

  deadLetters(query?: DeadLetterQuery) {
    return this.inner.deadLetters(query);
  }

  retryDeadLetter(sequence: number) {
    return this.inner.retryDeadLetter(sequence);
  }

  isConnected() {
    return this.inner.isConnected();
  }

  close() {
    return this.inner.close();
  }
}

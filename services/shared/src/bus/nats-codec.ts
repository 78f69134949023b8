import { type RequestContext } from '@promptloom/proto';
import { type RequestProofs } from './bus';
import { headers, type MsgHdrs } from 'nats';
import { readTraceCarrier, TRACE_HEADERS, type TraceCarrier } from '../tracing/trace-carrier';
import { encodePayload } from './payload-json';
import { readContext, readRequestContext } from './request-context';

/** Header names carrying the RequestContext with each request, event and job. */
export const REQUEST_ID_HEADER = 'x-request-id';
export const ACTOR_HEADER = 'x-actor';
/** Requests only: the caller's Idempotency-Key (README "Retrying a write safely"). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Header names of a request's signed statements (bus/trust). */
export const SENDER_PROOF_HEADER = 'x-sender-proof';
export const ACTOR_PROOF_HEADER = 'x-actor-proof';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

export function decodeText(data: Uint8Array): string {
  return decoder.decode(data);
}

export function encodeJsonBytes(value: unknown): Uint8Array {
  return encodeText(encodePayload(value));
}

/** The headers of a request, event or job: its context and, with tracing on, the sending span's trace context. */
export function contextHeaders(context: RequestContext | undefined, trace: TraceCarrier = {}): MsgHdrs {
  const carried = headers();
  for (const name of TRACE_HEADERS) {
    const value = trace[name];
    if (value) carried.set(name, value);
  }
  // Header values are one line; a request id that is not is left out rather than rejected.
  if (context?.requestId && !/[\r\n]/.test(context.requestId))
    carried.set(REQUEST_ID_HEADER, context.requestId);
  if (context?.actor) carried.set(ACTOR_HEADER, JSON.stringify(context.actor));
  return carried;
}

export function contextFromHeaders(carried: MsgHdrs | undefined): RequestContext {
  const actorJson = carried?.get(ACTOR_HEADER);
  let actor: unknown;
  try {
    actor = actorJson ? JSON.parse(actorJson) : undefined;
  } catch {
    actor = undefined;
  }
  return readContext(carried?.get(REQUEST_ID_HEADER), actor);
}

/** A request's headers: its context, its Idempotency-Key (which events and jobs never carry) and signed statements. */
export function requestHeaders(
  context: RequestContext | undefined,
  trace: TraceCarrier,
  proofs: RequestProofs | undefined,
): MsgHdrs {
  const carried = contextHeaders(context, trace);
  if (context?.idempotencyKey) carried.set(IDEMPOTENCY_KEY_HEADER, context.idempotencyKey);
  if (proofs?.sender) carried.set(SENDER_PROOF_HEADER, proofs.sender);
  if (proofs?.actor) carried.set(ACTOR_PROOF_HEADER, proofs.actor);
  return carried;
}

export function requestContextFromHeaders(carried: MsgHdrs | undefined): RequestContext {
  return readRequestContext(contextFromHeaders(carried), carried?.get(IDEMPOTENCY_KEY_HEADER));
}

export function proofsFromHeaders(carried: MsgHdrs | undefined): RequestProofs {
  return {
    sender: carried?.get(SENDER_PROOF_HEADER) || undefined,
    actor: carried?.get(ACTOR_PROOF_HEADER) || undefined,
  };
}

/** The sender's trace context, if a well-formed one came with the message. */
export function traceFromHeaders(carried: MsgHdrs | undefined): TraceCarrier {
  return readTraceCarrier((name) => carried?.get(name) || undefined);
}

/** Where JetStream keeps the `msgID` a message was published with. */
const MESSAGE_ID_HEADER = 'Nats-Msg-Id';

/** The id an event or job was published with. */
export function messageIdOf(carried: MsgHdrs | undefined): string {
  return carried?.get(MESSAGE_ID_HEADER) ?? '';
}

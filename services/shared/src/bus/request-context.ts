import { Actor, IdempotencyKey, type RequestContext } from '@promptloom/proto';

/**
 * Rebuilds a context received from the other side of the bus, keeping only well-formed fields: a request id that
 * is a string and an actor that matches the Actor schema. The result shares nothing with its inputs.
 */
export function readContext(requestId: unknown, actor: unknown): RequestContext {
  const context: RequestContext = {};
  if (typeof requestId === 'string' && requestId !== '') context.requestId = requestId;
  const parsedActor = Actor.safeParse(actor);
  if (parsedActor.success) context.actor = parsedActor.data;
  return context;
}

export function copyContext(context: RequestContext | undefined): RequestContext {
  return readContext(context?.requestId, context?.actor);
}

/** A request's context: its Idempotency-Key travels with requests only (never events or jobs), so it is added here. */
export function readRequestContext(context: RequestContext, idempotencyKey: unknown): RequestContext {
  const parsed = IdempotencyKey.safeParse(idempotencyKey);
  if (parsed.success) context.idempotencyKey = parsed.data;
  return context;
}

export function copyRequestContext(context: RequestContext | undefined): RequestContext {
  return readRequestContext(copyContext(context), context?.idempotencyKey);
}

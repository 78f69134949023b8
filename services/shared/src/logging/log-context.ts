import { AsyncLocalStorage } from 'node:async_hooks';
import { type RequestContext } from '@promptloom/proto';

/** The fields every log line written while handling one request carries, whichever logger writes it. */
export interface LogFields {
  requestId?: string;
  userId?: number;
}

const storage = new AsyncLocalStorage<LogFields>();

/**
 * Runs `work` with the request's id (and actor) attached to every log line written inside it, including by code
 * that never sees the context. The bus helpers call it where a request or job is handled; the gateway per request.
 */
export function withLogContext<T>(context: RequestContext | undefined, work: () => T): T {
  const fields: LogFields = {};
  if (context?.requestId) fields.requestId = context.requestId;
  if (context?.actor) fields.userId = context.actor.userId;
  return storage.run(fields, work);
}

export function currentLogFields(): LogFields {
  return storage.getStore() ?? {};
}

import { type EntityManager } from '@mikro-orm/postgresql';
import { aiCallOperations } from '@promptloom/proto';
import { handle, type Bus, type Unsubscribe } from '@promptloom/shared';
import { CallHandlers } from './call-handlers';

export { CallStore } from './call-store';
export { RecordingProvider } from './recording-provider';
export { DEFAULT_AI_PRICES, parsePriceTable, type PriceTable } from './prices';

/** Answers the admins' AI Calls operations (svc.ai.calls.*). */
export function serveAiCalls(
  bus: Bus,
  em: () => EntityManager,
  schema: string,
  now: () => Date,
): Promise<Unsubscribe[]> {
  const calls = new CallHandlers(bus, em, schema, now);
  const ops = aiCallOperations;
  return Promise.all([
    handle(bus, ops.list, (request, context) => calls.list(request, context)),
    handle(bus, ops.get, (request, context) => calls.get(request, context)),
    handle(bus, ops.export, (request, context) => calls.export(request, context)),
    handle(bus, ops.usage, (request, context) => calls.usage(request, context)),
  ]);
}

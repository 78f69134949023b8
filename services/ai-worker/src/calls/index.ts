import { type EntityManager } from '@mikro-orm/postgresql';
import { aiCallOperations } from '@promptloom/proto';
import { type AnswerOperation, type Unsubscribe } from '@promptloom/shared';
import { AiCalls } from './ai-calls';
import { CallHandlers } from './call-handlers';

export { AiCalls, type AiCallStore } from './ai-calls';
export { CallRecorder } from './call-recorder';
export { RecordingProvider } from './recording-provider';
export { DEFAULT_AI_PRICES, parsePriceTable, type PriceTable } from './prices';

/** Answers the admins' AI Calls operations (svc.ai.calls.*). */
export function serveAiCalls(
  on: AnswerOperation,
  em: () => EntityManager,
  schema: string,
  now: () => Date,
): Promise<Unsubscribe[]> {
  const calls = new CallHandlers(() => new AiCalls(em(), schema), now);
  const ops = aiCallOperations;
  return Promise.all([
    on(ops.list, (request) => calls.list(request)),
    on(ops.get, (request) => calls.get(request)),
    on(ops.export, (request) => calls.export(request)),
    on(ops.usage, (request) => calls.usage(request)),
  ]);
}

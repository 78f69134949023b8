import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { type EventEmitter } from 'node:events';
import { readTraceCarrier, type TraceCarrier } from './trace-carrier';
import { tracingIsOn } from './tracing-switch';

export { SpanKind };

const tracer = () => trace.getTracer('promptloom');

/** The trace context of the active span, to send along with a message; empty while tracing is off. */
export function currentTraceCarrier(): TraceCarrier {
  if (!tracingIsOn()) return {};
  const injected: Record<string, string> = {};
  propagation.inject(context.active(), injected);
  return readTraceCarrier((name) => injected[name]);
}

/**
 * Runs `work` in a span that sends something (a bus request, an event, a job, an HTTP call): `work` gets the span's
 * trace context to put into what it sends. The span ends when `work` settles; a failure marks it as an error.
 */
export function traceOutgoing<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  work: (carrier: TraceCarrier) => Promise<T>,
): Promise<T> {
  if (!tracingIsOn()) return work({});
  return tracer().startActiveSpan(name, { kind, attributes }, (span) =>
    settle(span, () => work(currentTraceCarrier())),
  );
}

/**
 * Runs `work` in a span that handles something received, as a child of the sender's span found in `carrier`; with
 * none, the span starts a trace of its own (never the one of whatever happens to be running here).
 */
export function traceIncoming<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  carrier: TraceCarrier | undefined,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingIsOn()) return work(undefined);
  const parent = propagation.extract(ROOT_CONTEXT, carrier ?? {});
  return tracer().startActiveSpan(name, { kind, attributes }, parent, (span) =>
    settle(span, () => work(span)),
  );
}

/**
 * Makes `emitter`'s listeners run in the active span's context: an HTTP request's body and `finish` events come
 * from its socket, which was opened outside any request's trace.
 */
export function bindToActiveTrace<E extends EventEmitter>(emitter: E): E {
  return tracingIsOn() ? context.bind(context.active(), emitter) : emitter;
}

/** A span of this process's own work (e.g. a call to the AI provider), a child of the active span. */
export function traceWork<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingIsOn()) return work(undefined);
  return tracer().startActiveSpan(name, { kind, attributes }, (span) => settle(span, () => work(span)));
}

/** Runs `work` as part of the trace `carrier` names (the outbox relay publishing a stored event). */
export function withinTraceOf<T>(carrier: TraceCarrier | undefined, work: () => T): T {
  if (!tracingIsOn() || !carrier?.traceparent) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, carrier), work);
}

/** `trace_id` and `span_id` of the active span, for log lines; empty while tracing is off or outside a span. */
export function activeTraceFields(): { trace_id?: string; span_id?: string } {
  if (!tracingIsOn()) return {};
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

async function settle<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The code or class only: an error's message may carry what must never leave the process.
    const type = errorType(error);
    span.setAttribute('error.type', type);
    span.setStatus({ code: SpanStatusCode.ERROR, message: type });
    throw error;
  } finally {
    span.end();
  }
}

function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (error instanceof Error) return error.name;
  }
  return 'Error';
}

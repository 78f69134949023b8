import { type Attributes } from '@opentelemetry/api';
import { SpanKind, traceIncoming, traceOutgoing } from '../tracing/spans';
import { type TraceCarrier } from '../tracing/trace-carrier';

/**
 * Names and attributes of the bus's spans, the same on both adapters: `request`/`handle` for request/reply,
 * `publish`/`process` for events and `enqueue`/`process` for jobs, each named after its subject or queue.
 */
export type BusSystem = 'nats' | 'in-process';

export interface BusSpan {
  name: string;
  kind: SpanKind;
  attributes: Attributes;
}

type Step = 'request' | 'handle' | 'publish' | 'enqueue' | 'process';

const KINDS: Record<Step, SpanKind> = {
  request: SpanKind.CLIENT,
  handle: SpanKind.SERVER,
  publish: SpanKind.PRODUCER,
  enqueue: SpanKind.PRODUCER,
  process: SpanKind.CONSUMER,
};

const OPERATION_TYPES: Record<Step, string> = {
  request: 'send',
  handle: 'process',
  publish: 'send',
  enqueue: 'send',
  process: 'process',
};

export function busSpan(system: BusSystem, step: Step, destination: string): BusSpan {
  return {
    name: `${step} ${destination}`,
    kind: KINDS[step],
    attributes: {
      'messaging.system': system,
      'messaging.operation.type': OPERATION_TYPES[step],
      'messaging.operation.name': step,
      'messaging.destination.name': destination,
    },
  };
}

/** Sends in a `request`, `publish` or `enqueue` span; `work` puts the carrier into the message. */
export function tracedSend<T>(
  system: BusSystem,
  step: 'request' | 'publish' | 'enqueue',
  destination: string,
  work: (carrier: TraceCarrier) => Promise<T>,
): Promise<T> {
  const span = busSpan(system, step, destination);
  return traceOutgoing(span.name, span.kind, span.attributes, work);
}

/** Handles a received message in a `handle` or `process` span, a child of its sender's span. */
export function tracedReceive<T>(
  system: BusSystem,
  step: 'handle' | 'process',
  destination: string,
  carrier: TraceCarrier | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const span = busSpan(system, step, destination);
  return traceIncoming(span.name, span.kind, span.attributes, carrier, work);
}

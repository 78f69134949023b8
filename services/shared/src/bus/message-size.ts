import { type RequestContext } from '@promptloom/proto';
import { MAX_TRACESTATE_LENGTH } from '../tracing/trace-carrier';

/** The trace headers a message may carry at most (trace-carrier.ts), counted whether or not tracing is on. */
const TRACE_HEADER_LINES = [
  `traceparent: 00-${'0'.repeat(32)}-${'0'.repeat(16)}-00`,
  `tracestate: ${'x'.repeat(MAX_TRACESTATE_LENGTH)}`,
];

/**
 * The bytes one event takes against the bus's `max_payload`: its JSON payload plus the header block that carries
 * its id, context and trace context (NATS counts both). The header part is an upper bound of what nats-codec writes.
 */
export function messageBytes(payloadJson: string, id: string, context: RequestContext = {}): number {
  const headerBlock = [
    'NATS/1.0',
    `Nats-Msg-Id: ${id}`,
    `x-request-id: ${context.requestId ?? ''}`,
    `x-actor: ${context.actor ? JSON.stringify(context.actor) : ''}`,
    ...TRACE_HEADER_LINES,
    '',
    '',
  ].join('\r\n');
  return Buffer.byteLength(payloadJson) + Buffer.byteLength(headerBlock);
}

/**
 * The W3C trace context of a message (`traceparent`, and `tracestate` when short), carried in NATS headers, with
 * in-process messages and in outbox rows. Only these two keys, well-formed, ever travel: a carrier read from the
 * outside (a header, a stored row) cannot smuggle anything else along.
 */
export type TraceCarrier = Partial<Record<'traceparent' | 'tracestate', string>>;

export const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

/** Version 00 as the W3C spec writes it: `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`. */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
/** A longer tracestate is dropped rather than let grow every message (message-size.ts reserves this much). */
export const MAX_TRACESTATE_LENGTH = 256;

export function readTraceCarrier(get: (name: string) => unknown): TraceCarrier {
  const traceparent = get('traceparent');
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return {};
  const carrier: TraceCarrier = { traceparent };
  const tracestate = get('tracestate');
  if (
    typeof tracestate === 'string' &&
    tracestate.length <= MAX_TRACESTATE_LENGTH &&
    !/[\r\n]/.test(tracestate)
  ) {
    carrier.tracestate = tracestate;
  }
  return carrier;
}

/** A carrier kept in JSON (an outbox row's context): checked like a header. */
export function traceCarrierOf(stored: unknown): TraceCarrier {
  if (typeof stored !== 'object' || stored === null) return {};
  const record = stored as Record<string, unknown>;
  return readTraceCarrier((name) => record[name]);
}

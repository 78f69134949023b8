import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carries it, with the name of the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a trace's root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  startTimeUnixNano: string;
}

export interface OtlpReceiver {
  /** Give this to OTEL_EXPORTER_OTLP_ENDPOINT: spans are POSTed to `<endpoint>/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests received, spans or not. */
  exports: number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes?: OtlpAttribute[] }>;
    }>;
  }>;
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));

const attributesOf = (attributes: OtlpAttribute[] = []): Record<string, unknown> =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/**
 * A small OTLP/HTTP trace receiver for tests, what Jaeger's port 4318 is in compose: it accepts the JSON encoding
 * the `@opentelemetry/exporter-trace-otlp-http` exporter sends on `POST /v1/traces` and keeps every span.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const receiver = { spans, exports: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const exported = JSON.parse(body.toString('utf8')) as OtlpExport;
      receiver.exports += 1;
      for (const resourceSpans of exported.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              startTimeUnixNano: span.startTimeUnixNano,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as OtlpReceiver;
}

/** The spans of one trace as an indented tree (`service: name`), children in start order: for docs and failures. */
export function traceTree(spans: ReceivedSpan[], traceId: string): string {
  const ofTrace = spans
    .filter((span) => span.traceId === traceId)
    .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
  const ids = new Set(ofTrace.map((span) => span.spanId));
  const lines: string[] = [];
  const print = (parent: string, depth: number) => {
    for (const span of ofTrace.filter((candidate) => candidate.parentSpanId === parent)) {
      lines.push(`${'  '.repeat(depth)}${span.service}: ${span.name}`);
      print(span.spanId, depth + 1);
    }
  };
  print('', 0);
  // Spans whose parent was not (yet) received, e.g. the caller's own span outside the product.
  for (const orphan of ofTrace.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId))) {
    lines.push(`(parent ${orphan.parentSpanId} not received) ${orphan.service}: ${orphan.name}`);
    print(orphan.spanId, 1);
  }
  return lines.join('\n');
}

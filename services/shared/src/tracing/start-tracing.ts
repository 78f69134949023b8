import { hostname } from 'node:os';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { tracingSettings } from './tracing-settings';
import { markTracingOn, tracingIsOn } from './tracing-switch';

/**
 * Starts exporting this process's spans by OTLP/HTTP (JSON) when tracing is configured (tracing-settings.ts);
 * otherwise does nothing at all: no tracer provider, propagator or instrumentation is registered. Call it before
 * anything loads `pg` (see each process's `tracing.ts`, its entry point's first import). True when tracing is on.
 */
export function startTracing(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (tracingIsOn()) return true;
  const settings = tracingSettings(defaultServiceName, env);
  if (!settings) return false;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      'service.instance.id': `${hostname()}-${process.pid}`,
    }),
    // A trace started elsewhere (a caller's traceparent) keeps its caller's decision; new ones are sampled here.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }))],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  // Queries only within a traced request or job: the relay's and probes' polling would each start a trace.
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new PgInstrumentation({ requireParentSpan: true })],
  });
  markTracingOn(() => provider.shutdown());
  return true;
}

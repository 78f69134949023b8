import { propagation, trace } from '@opentelemetry/api';
import { OpenAiProvider } from '@promptloom/ai-worker';
import { activeTraceFields, InProcessBus, tracingIsOn } from '@promptloom/shared';
import { startTracing } from '@promptloom/shared/tracing';
import { startFakeOpenAiServer } from '../support/fake-openai-server';
import { startOtlpReceiver } from '../support/otlp-receiver';

/** Without an OTLP endpoint tracing costs nothing: nothing is registered, created, sent along or exported. */
describe('tracing without an OTLP setting', () => {
  it('registers no tracer provider or propagator, sends no traceparent and exports nothing', async () => {
    const receiver = await startOtlpReceiver();
    const fake = await startFakeOpenAiServer();
    const bus = new InProcessBus();
    try {
      const deployment = { NODE_ENV: 'production', OPENAI_API_KEY: 'sk-off', LOG_LEVEL: 'info' };
      expect(startTracing('gateway', deployment)).toBe(false);
      // Switched off explicitly, or a bad endpoint (loadConfig names it at start-up): off as well.
      expect(
        startTracing('gateway', {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_SDK_DISABLED: 'true',
        }),
      ).toBe(false);
      expect(startTracing('gateway', { OTEL_EXPORTER_OTLP_ENDPOINT: 'jaeger:4318' })).toBe(false);
      expect(tracingIsOn()).toBe(false);

      const provider = trace.getTracerProvider() as unknown as { getDelegate(): object };
      expect(provider.getDelegate().constructor.name).toBe('NoopTracerProvider');
      expect(propagation.fields()).toEqual([]);
      expect(trace.getTracer('check').startSpan('check').isRecording()).toBe(false);

      // Work that would be traced: a bus request and a provider call.
      const seen: object[] = [];
      await bus.serve('svc.tracing.echo', 'svc.tracing', async () => {
        seen.push(activeTraceFields());
        return 'ok';
      });
      await expect(bus.request('svc.tracing.echo', {})).resolves.toBe('ok');
      const ai = new OpenAiProvider({ apiKey: 'sk-off', baseUrl: fake.baseUrl, maxRetries: 0 });
      await ai.complete({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] });

      expect(seen).toEqual([{}]);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.traceparent).toBeUndefined();
      expect(receiver.exports).toBe(0);
    } finally {
      await bus.close();
      await fake.close();
      await receiver.close();
    }
  });
});

import { configSchema } from '../config/config';

const tracingSchema = configSchema.pick({
  OTEL_EXPORTER_OTLP_ENDPOINT: true,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: true,
  OTEL_SERVICE_NAME: true,
  OTEL_SDK_DISABLED: true,
  TRACING_SAMPLE_RATIO: true,
});

export interface TracingSettings {
  /** Where spans are POSTed (OTLP/HTTP, JSON). */
  tracesUrl: string;
  serviceName: string;
  sampleRatio: number;
}

/**
 * Tracing is on when an OTLP endpoint is set and OTEL_SDK_DISABLED is not. Read before the configuration is loaded
 * (instrumentations must be in place before the modules they patch load): a bad value leaves tracing off here, and
 * loadConfig then stops the start naming it.
 */
export function tracingSettings(
  defaultServiceName: string,
  env: NodeJS.ProcessEnv = process.env,
): TracingSettings | undefined {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = tracingSchema.safeParse(present);
  if (!parsed.success || parsed.data.OTEL_SDK_DISABLED) return undefined;
  const settings = parsed.data;
  const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const tracesUrl = settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base && `${base}/v1/traces`);
  if (!tracesUrl) return undefined;
  return {
    tracesUrl,
    serviceName: settings.OTEL_SERVICE_NAME ?? defaultServiceName,
    sampleRatio: settings.TRACING_SAMPLE_RATIO,
  };
}

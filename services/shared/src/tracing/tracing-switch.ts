/**
 * Whether this process exports traces: set once by startTracing (`@promptloom/shared/tracing`). While off, the span
 * helpers run their work directly, without creating spans or touching the OpenTelemetry API.
 */
let on = false;
let shutdown: (() => Promise<void>) | undefined;

export function tracingIsOn(): boolean {
  return on;
}

export function markTracingOn(stop: () => Promise<void>): void {
  on = true;
  shutdown = stop;
}

/** Exports the spans still buffered and stops tracing; nothing to do when tracing is off. A shutdown step. */
export async function shutdownTracing(): Promise<void> {
  const stop = shutdown;
  on = false;
  shutdown = undefined;
  await stop?.();
}

import { type ServerResponse } from 'node:http';
import { Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process: every metric of this package registers here, and `/metrics` serves it. */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

/**
 * The Prometheus text of every metric, with Node's default ones (CPU, memory, event loop, GC). Those are switched
 * on at the first scrape, so that importing this package starts no timers in processes that never serve metrics.
 */
export async function metricsText(): Promise<string> {
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics({ register: metricsRegistry });
  }
  return metricsRegistry.metrics();
}

/** Answers a scrape on a plain Node response (the service health server) or an Express one. */
export async function sendMetrics(response: ServerResponse): Promise<void> {
  const body = await metricsText();
  response.writeHead(200, { 'content-type': metricsRegistry.contentType });
  response.end(body);
}

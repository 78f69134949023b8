import { type ConsumeOptions } from './bus';
import { type RetrySettings } from './job-retries';

/** Delay before an event whose handler failed is delivered again: 250 ms, doubling, at most 30 s. */
export function eventRetryDelayMs(deliveries: number): number {
  return Math.min(250 * 2 ** Math.max(0, deliveries - 1), 30_000);
}

/** Redelivery of events whose handler neither finished nor failed (its process stopped). */
export const EVENT_ACK_WAIT_MS = 30_000;

/** `publish` and `enqueue` ids are remembered this long (DESIGN.md asks for at least 2 minutes). */
export const DUPLICATE_WINDOW_MS = 120_000;

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/** NATS's default `max_payload`; the in-process bus holds to the same limit, so both refuse the same messages. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;
export const DEFAULT_CLOSE_TIMEOUT_MS = 30_000;
export const DEFAULT_JOB_ACK_WAIT_MS = 30_000;
export const DEFAULT_JOB_RETRY_FOR_MS = 30 * 60_000;
export const DEFAULT_JOB_RETRY_MIN_DELAY_MS = 1_000;
export const DEFAULT_JOB_RETRY_MAX_DELAY_MS = 60_000;

export interface ResolvedConsumeOptions extends RetrySettings {
  ackWaitMs: number;
  concurrency: number;
}

/** A running job signals progress this often, so that it outlives the ack wait with room for a lost signal. */
export const heartbeatEveryMs = (ackWaitMs: number): number => Math.max(50, Math.floor(ackWaitMs / 3));

export function resolveConsumeOptions(options: ConsumeOptions): ResolvedConsumeOptions {
  const resolved = {
    ackWaitMs: options.ackWaitMs ?? DEFAULT_JOB_ACK_WAIT_MS,
    retryForMs: options.retryForMs ?? DEFAULT_JOB_RETRY_FOR_MS,
    retryMinDelayMs: options.retryMinDelayMs ?? DEFAULT_JOB_RETRY_MIN_DELAY_MS,
    retryMaxDelayMs: options.retryMaxDelayMs ?? DEFAULT_JOB_RETRY_MAX_DELAY_MS,
    concurrency: options.concurrency ?? 1,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`consume(): ${name} must be a positive integer.`);
  }
  return resolved;
}

/**
 * What happens to a job whose handler failed: retried with backoff while it is younger than the retry deadline,
 * moved to the dead-letter stream once it is older, or at once when the failure can never heal (PermanentFailure).
 * Shared by both adapters so that they decide alike. PermanentFailure also marks an event that can never be handled.
 */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}

export interface RetrySettings {
  /** Failures are retried while the job is younger than this (from when it was enqueued). */
  retryForMs: number;
  /** The first retry waits this long, doubling with each attempt up to `retryMaxDelayMs`. */
  retryMinDelayMs: number;
  retryMaxDelayMs: number;
}

export type FailureDecision = { retryInMs: number } | { deadLetter: string };

export function decideAfterFailure(
  error: unknown,
  attempt: number,
  ageMs: number,
  settings: RetrySettings,
): FailureDecision {
  if (error instanceof PermanentFailure) return { deadLetter: reasonOf(error) };
  const backoff = settings.retryMinDelayMs * 2 ** Math.min(Math.max(0, attempt - 1), 20);
  const delay = Math.min(backoff, settings.retryMaxDelayMs);
  // The next try would come after the deadline: give up now, with the error that made it fail.
  if (ageMs + delay >= settings.retryForMs) {
    return { deadLetter: `Still failing after ${Math.round(ageMs / 1000)} s: ${reasonOf(error)}` };
  }
  return { retryInMs: delay };
}

/**
 * Slack before a redelivered job counts as past its deadline: a retry scheduled just before the deadline arrives a
 * little late on a loaded machine, and must still run (and fail with its own error if it does).
 */
export const PAST_DEADLINE_GRACE_MS = 1_000;

/** A job delivered again after its deadline (its worker died, or kept dying on it) is not run again. */
export function isPastDeadline(attempt: number, ageMs: number, settings: RetrySettings): boolean {
  return attempt > 1 && ageMs >= settings.retryForMs + PAST_DEADLINE_GRACE_MS;
}

/** One line, bounded: what an admin reads in the dead-letter list. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[\r\n]+/g, ' ').slice(0, 300);
}

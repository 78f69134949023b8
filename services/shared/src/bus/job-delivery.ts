import { type Job, type JobHandler } from './bus';
import { heartbeatEveryMs, type ResolvedConsumeOptions } from './bus-defaults';
import { type BusLogger } from './bus-logger';
import { decideAfterFailure, isPastDeadline, reasonOf } from './job-retries';
import { jobsDeadLettered, jobsInFlight, jobsRetried } from '../metrics/instruments';

/** What an adapter does with one delivered job, on its own broker or server. */
export interface JobDeliveryActions {
  /** Tells the broker the job is still being worked on (resets its ack wait). */
  working(): void;
  ack(): Promise<void>;
  /** Hands the job back, to be delivered again after `delayMs`. */
  retry(delayMs: number): void;
  /** Stores the job in the dead-letter stream, then removes it from the queue. */
  deadLetter(reason: string): Promise<void>;
}

export interface JobDelivery {
  queue: string;
  /** The job, or why it could not be read (it then goes straight to the dead letters). */
  job: Job | { id: string; attempt: number; malformed: string };
  /** When it was enqueued (epoch ms): its age is taken when deciding, since an attempt may take long. */
  enqueuedAt: number;
  handler: JobHandler;
  settings: ResolvedConsumeOptions;
  onDeadLettered?: (job: Job, reason: string) => Promise<void>;
  logger: BusLogger;
  /** Aborted when the consumer gave up waiting for its handlers: a handler left running no longer holds its job. */
  abandoned: AbortSignal;
}

/**
 * Runs one delivery of a job the same way on both adapters: heartbeats while the handler runs, acks on success,
 * retries transient failures with backoff until the deadline, and dead-letters what can no longer succeed.
 */
export async function deliverJob(delivery: JobDelivery, actions: JobDeliveryActions): Promise<void> {
  const { queue, job, enqueuedAt, settings, logger } = delivery;
  const label = { queue, id: job.id, attempt: job.attempt };
  if ('malformed' in job) {
    logger.error({ ...label, reason: job.malformed }, 'Malformed job moved to the dead letters');
    return moveAside(delivery, actions, undefined, `Malformed job: ${job.malformed}`);
  }
  if (isPastDeadline(job.attempt, Date.now() - enqueuedAt, settings)) {
    const reason = `Not finished within ${settings.retryForMs} ms of being enqueued (its worker stopped on it)`;
    return moveAside(delivery, actions, job, reason);
  }
  const heartbeat = setInterval(() => actions.working(), heartbeatEveryMs(settings.ackWaitMs));
  delivery.abandoned.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
  jobsInFlight.inc({ queue });
  let failure: { error: unknown } | undefined;
  try {
    await delivery.handler(job);
  } catch (error) {
    failure = { error };
  } finally {
    clearInterval(heartbeat);
    jobsInFlight.dec({ queue });
  }
  if (!failure) return actions.ack();
  const decision = decideAfterFailure(failure.error, job.attempt, Date.now() - enqueuedAt, settings);
  if ('retryInMs' in decision) {
    jobsRetried.inc({ queue });
    logger.warn({ ...label, retryInMs: decision.retryInMs, err: failure.error }, 'Job failed; will retry');
    actions.retry(decision.retryInMs);
    return;
  }
  logger.error({ ...label, err: failure.error }, 'Job failed for good');
  return moveAside(delivery, actions, job, decision.deadLetter);
}

async function moveAside(
  delivery: JobDelivery,
  actions: JobDeliveryActions,
  job: Job | undefined,
  reason: string,
): Promise<void> {
  const { queue, logger, settings } = delivery;
  const label = { queue, id: delivery.job.id, attempt: delivery.job.attempt };
  try {
    if (job && delivery.onDeadLettered) await delivery.onDeadLettered(job, reason);
    await actions.deadLetter(reason);
  } catch (error) {
    // Kept on the queue: the next delivery (already past its deadline) tries again.
    logger.warn({ ...label, err: error }, 'Could not move a job to the dead letters; will try again');
    actions.retry(settings.retryMinDelayMs);
    return;
  }
  jobsDeadLettered.inc({ queue });
  logger.error({ ...label, reason: reasonOf(reason) }, 'Job moved to the dead letters');
}

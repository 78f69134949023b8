/** Cancels remembered for jobs not started here yet: a cancel may overtake its job on the queue. */
const EARLY_CANCELS_KEPT = 1_000;

/**
 * The generation jobs this worker is running, each with the controller that aborts its provider call. A cancel is
 * heard by every worker; the one running the job (for that user) aborts it, the others remember it briefly.
 */
export class RunningJobs {
  private readonly running = new Map<string, { userId: number; controller: AbortController }>();
  private readonly cancelledEarly = new Set<string>();

  start(jobId: string, userId: number): AbortSignal {
    const controller = new AbortController();
    this.running.set(jobId, { userId, controller });
    if (this.cancelledEarly.delete(`${userId}:${jobId}`)) controller.abort();
    return controller.signal;
  }

  end(jobId: string): void {
    this.running.delete(jobId);
  }

  cancel(jobId: string, userId: number): void {
    const job = this.running.get(jobId);
    if (job) {
      // Only the job's own user stops it: a guessed job id of someone else's run does nothing.
      if (job.userId === userId) job.controller.abort();
      return;
    }
    this.cancelledEarly.add(`${userId}:${jobId}`);
    if (this.cancelledEarly.size > EARLY_CANCELS_KEPT) {
      this.cancelledEarly.delete(this.cancelledEarly.values().next().value!);
    }
  }
}

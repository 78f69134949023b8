/** At most this many jobs are remembered; the oldest is forgotten first (a job that later succeeded elsewhere). */
const REMEMBERED_JOBS = 1000;

/**
 * How many requests this worker made to the provider for each job whose attempts failed on the provider: what the
 * give-up message counts. A job tried on several workers is counted by the worker that gives it up, its own tries.
 */
export class ProviderTries {
  private readonly tries = new Map<string, number>();

  add(jobId: string, tries: number): void {
    const total = (this.tries.get(jobId) ?? 0) + tries;
    this.tries.delete(jobId);
    this.tries.set(jobId, total);
    if (this.tries.size > REMEMBERED_JOBS) this.tries.delete(this.tries.keys().next().value!);
  }

  /** The count, forgetting it; 0 when the job's last failures were not the provider's. */
  take(jobId: string): number {
    const total = this.tries.get(jobId) ?? 0;
    this.tries.delete(jobId);
    return total;
  }

  forget(jobId: string): void {
    this.tries.delete(jobId);
  }
}

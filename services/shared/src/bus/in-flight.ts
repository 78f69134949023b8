/** Handlers still running, so that unsubscribing and closing can wait for them. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = (): void => {
      this.running.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /** True once everything tracked has settled (including work added meanwhile); false if `deadline` passes first. */
  async settledBy(deadline: number): Promise<boolean> {
    while (this.running.size > 0) {
      if (!(await settlesBy(Promise.allSettled([...this.running]), deadline))) return false;
    }
    return true;
  }
}

/** True if `work` settles before `deadline` (epoch ms); the outcome itself is ignored. */
export async function settlesBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A delay that can be cut short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

import { tooManyRequests } from '@promptloom/proto';
import { passwordHashesRunning, passwordHashesWaiting } from '@promptloom/shared';

export interface HashingLimits {
  /** Hashes computed at once. */
  threads: number;
  /** Hashes waiting for a place; one more is refused with 429. */
  queue: number;
  /** How long a hash may wait for a place before it is refused with 429: below the bus timeout, never a 503. */
  maxWaitMs: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { threads: 2, queue: 32, maxWaitMs: 3000 };

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';

/**
 * At most `threads` password hashes at once, at most `queue` waiting, the rest refused (TOO_MANY_REQUESTS). argon2
 * computes on libuv's thread pool, which also serves file reads and DNS: 16 hashes at once (64 MiB each) took
 * every pool thread and the CPU, and the whole process (static files, other users' requests) waited seconds.
 */
export class HashingPool {
  private running = 0;
  private readonly waiting: Array<(admitted: boolean) => void> = [];

  constructor(private limits: HashingLimits) {}

  configure(limits: HashingLimits): void {
    this.limits = limits;
  }

  get inFlight(): number {
    return this.running + this.waiting.length;
  }

  /** Hashes computed now and hashes waiting for a place. */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.threads) {
      if (this.waiting.length >= this.limits.queue) throw tooManyRequests(HASHING_BUSY_MESSAGE, 1);
      if (!(await this.placeWithin(this.limits.maxWaitMs))) throw tooManyRequests(HASHING_BUSY_MESSAGE, 1);
    } else {
      this.running += 1;
    }
    this.report();
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so `running` never exceeds `threads`.
      if (next) next(true);
      else this.running -= 1;
      this.report();
    }
  }

  /** Waits for a place handed over by a finishing hash; false (and out of the queue) after `ms`. */
  private placeWithin(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const admit = (admitted: boolean) => {
        clearTimeout(timer);
        resolve(admitted);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(admit), 1);
        this.report();
        admit(false);
      }, ms);
      this.waiting.push(admit);
    });
  }

  private report(): void {
    passwordHashesRunning.set(this.running);
    passwordHashesWaiting.set(this.waiting.length);
  }
}

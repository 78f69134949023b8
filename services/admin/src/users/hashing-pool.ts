import { tooManyRequests, type DomainError } from '@promptloom/proto';
import { passwordHashesRunning, passwordHashesWaiting } from '@promptloom/shared';

export interface HashingLimits {
  /** Hashes computed at once. */
  threads: number;
  /** Hashes waiting for a place; one more is refused with 429. */
  queue: number;
  /**
   * The longest a hash may take, waiting for a place and hashing: one expected to take longer (from recent hash
   * times) is refused with 429 at once, one still waiting when it no longer can is refused then, and one not done
   * by then is answered 429 then. Well below the bus timeout, so a busy moment answers 429, never 503.
   */
  maxWaitMs: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { threads: 2, queue: 32, maxWaitMs: 3000 };

/**
 * `guessing`: a sign-in from an address with failed sign-ins this hour. Such hashes take at most `threads - 1`
 * places (one when there is one thread) and wait behind every other hash, so a crowd of guesses leaves a place
 * for a real user's sign-in, a sign-up or a password change.
 */
export type HashPriority = 'normal' | 'guessing';

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';

interface Waiter {
  priority: HashPriority;
  admit(): void;
  refuse(error: DomainError): void;
}

/** How much of a faster hash's time the estimate takes in (the rest is the estimate so far). */
const LEARNING_RATE = 0.3;

/**
 * At most `threads` password hashes at once, at most `queue` waiting, the rest refused (TOO_MANY_REQUESTS) with a
 * Retry-After from the expected wait. argon2 computes on libuv's thread pool, which also serves file reads and
 * DNS: 16 hashes at once (64 MiB each) took every pool thread and the CPU, and the whole process (static files,
 * other users' requests) waited seconds.
 */
export class HashingPool {
  private running = 0;
  private runningGuessing = 0;
  /** When each running hash started, for the expected wait. */
  private readonly startedAt = new Set<{ at: number; priority: HashPriority }>();
  private readonly waitingNormal: Waiter[] = [];
  private readonly waitingGuessing: Waiter[] = [];
  /** Recent hashes' duration (a moving average); null until one was measured. */
  private typicalHashMs: number | null = null;

  constructor(private limits: HashingLimits) {}

  configure(limits: HashingLimits): void {
    this.limits = limits;
  }

  get inFlight(): number {
    return this.running + this.waitingCount;
  }

  /** Hashes computed now and hashes waiting for a place. */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /**
   * Runs `work` (a hash) in a place of the pool. Whatever happens, the answer comes within `maxWaitMs` of the call:
   * a hash that has not ended by then is answered 429 (it cannot be stopped: it ends in its place, its result
   * dropped). `since`: when the caller's request began (default now), counted in that time. `hold: true`: not a
   * hash but a test holding places, neither measured nor cut short.
   */
  async run<T>(
    work: () => Promise<T>,
    priority: HashPriority = 'normal',
    { hold = false, since = Date.now() }: { hold?: boolean; since?: number } = {},
  ): Promise<T> {
    const deadline = since + this.limits.maxWaitMs;
    await this.place(priority, deadline - Date.now());
    const started = { at: Date.now(), priority };
    this.startedAt.add(started);
    const hashing = work().finally(() => {
      this.startedAt.delete(started);
      if (!hold) this.learn(Date.now() - started.at);
      this.running -= 1;
      if (priority === 'guessing') this.runningGuessing -= 1;
      this.admitWaiting();
      this.report();
    });
    if (hold) return hashing;
    return this.within(hashing, deadline - Date.now(), priority);
  }

  private within<T>(hashing: Promise<T>, ms: number, priority: HashPriority): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.busy(this.expectedWaitMs(priority))), Math.max(0, ms));
    });
    hashing.catch(() => undefined);
    return Promise.race([hashing, late]).finally(() => clearTimeout(timer));
  }

  private get waitingCount(): number {
    return this.waitingNormal.length + this.waitingGuessing.length;
  }

  private get guessingPlaces(): number {
    return Math.max(1, this.limits.threads - 1);
  }

  private hasPlaceFor(priority: HashPriority): boolean {
    if (this.running >= this.limits.threads) return false;
    return priority === 'normal' || this.runningGuessing < this.guessingPlaces;
  }

  private take(priority: HashPriority): void {
    this.running += 1;
    if (priority === 'guessing') this.runningGuessing += 1;
    this.report();
  }

  /** A place at once, a place in time to hash within `maxWaitMs`, or a 429 (at once when that is not expected). */
  private place(priority: HashPriority, budgetMs: number): Promise<void> | void {
    if (this.hasPlaceFor(priority)) return this.take(priority);
    const expected = this.expectedWaitMs(priority);
    const hashMs = this.typicalHashMs ?? 0;
    if (expected !== null && expected + hashMs > budgetMs) throw this.busy(expected);
    if (this.waitingCount >= this.limits.queue) {
      // A guess waiting gives its place in the queue to anyone else; a guess finds the queue full.
      const evicted = priority === 'normal' ? this.waitingGuessing.at(-1) : undefined;
      if (!evicted) throw this.busy(expected);
      evicted.refuse(this.busy(this.expectedWaitMs('guessing')));
    }
    return new Promise<void>((resolve, reject) => {
      const queue = priority === 'normal' ? this.waitingNormal : this.waitingGuessing;
      const leave = () => {
        clearTimeout(timer);
        queue.splice(queue.indexOf(waiter), 1);
        this.report();
      };
      const waiter: Waiter = {
        priority,
        admit: () => {
          leave();
          this.take(priority);
          resolve();
        },
        refuse: (error) => {
          leave();
          reject(error);
        },
      };
      const timer = setTimeout(
        () => waiter.refuse(this.busy(this.expectedWaitMs(priority))),
        budgetMs - hashMs,
      );
      queue.push(waiter);
      this.report();
    });
  }

  /** Hands free places to the waiting: others first, guesses only to the places they may take. */
  private admitWaiting(): void {
    for (;;) {
      const next = this.hasPlaceFor('normal') ? this.waitingNormal[0] : undefined;
      const guess = !next && this.hasPlaceFor('guessing') ? this.waitingGuessing[0] : undefined;
      const admitted = next ?? guess;
      if (!admitted) return;
      admitted.admit();
    }
  }

  /**
   * How long a new hash of this priority would wait for a place: each running hash is expected to end a typical
   * hash's time after it started, each waiting hash ahead of it to take the first place that frees. Null before
   * any hash was measured.
   */
  private expectedWaitMs(priority: HashPriority): number | null {
    const hashMs = this.typicalHashMs;
    if (hashMs === null) return null;
    const now = Date.now();
    // A hash running past the typical time is slower than that: it is expected to need half of it again.
    const endsIn = (started: { at: number }) => Math.max(hashMs / 2, started.at + hashMs - now);
    const running = [...this.startedAt];
    const places = running.map(endsIn);
    while (places.length < this.limits.threads) places.push(0);
    const takeFirstFree = (free: number[]) => {
      free.sort((a, b) => a - b);
      free[0] = (free[0] ?? 0) + hashMs;
    };
    for (let ahead = 0; ahead < this.waitingNormal.length; ahead++) takeFirstFree(places);
    if (priority === 'normal') return Math.min(...places);
    // A guess's places: those guesses hold now, the others when any place frees after the hashes ahead of it.
    const guessing = running.filter((started) => started.priority === 'guessing').map(endsIn);
    while (guessing.length < this.guessingPlaces) guessing.push(Math.min(...places));
    for (let ahead = 0; ahead < this.waitingGuessing.length; ahead++) takeFirstFree(guessing);
    return Math.min(...guessing);
  }

  private busy(expectedWaitMs: number | null): DomainError {
    return tooManyRequests(HASHING_BUSY_MESSAGE, (expectedWaitMs ?? 1000) / 1000);
  }

  /** A slower hash is believed at once (better a 429 now than a late answer), a faster one gradually. */
  private learn(durationMs: number): void {
    this.typicalHashMs =
      this.typicalHashMs === null || durationMs > this.typicalHashMs
        ? durationMs
        : this.typicalHashMs + LEARNING_RATE * (durationMs - this.typicalHashMs);
  }

  private report(): void {
    passwordHashesRunning.set(this.running);
    passwordHashesWaiting.set(this.waitingCount);
  }
}

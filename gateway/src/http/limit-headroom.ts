import { type Limit, type LimitOutcome } from '@promptloom/shared';

interface Known {
  /** This replica's view: the last count's remaining points, less the requests passed since. */
  remaining: number;
  /** When the key's window ends (ms since the epoch): the view says nothing after it. */
  until: number;
  /** Requests passed but not yet sent to the shared count. */
  unsent: number;
  /** The counts still running in the background for this key. */
  settled: Promise<unknown>;
}

const SWEEP_EVERY = 1000;
/** Requests passed at once are sent to the shared count together, at most this often per key (one query, not one each). */
const FLUSH_MS = 50;

/**
 * Keeps a counter (PostgreSQL shared by the replicas, or memory in one process) off the request path while a key is
 * far from its limit. Each replica keeps its view of a key's remaining points; while that leaves more than a tenth of
 * the limit, a request passes at once, without a promise, and is counted in the background (batched: one count per
 * key every 50 ms at most). In the last tenth (and for a key not seen in the current window) a request first sends
 * and lets land this replica's background counts, then waits for the count, which decides. So one replica enforces
 * the limit exactly; across replicas a user can pass it by about the requests a replica lets through before its next
 * count shows what the others counted.
 */
export class LimitHeadroom {
  private readonly known = new Map<string, Known>();
  private readonly margin: number;
  private writes = 0;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(private readonly limit: Limit) {
    this.margin = Math.max(1, Math.ceil(limit.rule.points / 10));
  }

  /** Passes a request of a key far from its limit at once (counted in the background); else undefined: ask `take`. */
  takeAtOnce(key: string): LimitOutcome | undefined {
    const known = this.current(key);
    if (!known || known.remaining <= this.margin) return undefined;
    known.remaining -= 1;
    known.unsent += 1;
    this.flushSoon();
    return { allowed: true, used: this.limit.rule.points - known.remaining, remaining: known.remaining };
  }

  async take(key: string): Promise<LimitOutcome> {
    const atOnce = this.takeAtOnce(key);
    if (atOnce) return atOnce;
    const known = this.current(key);
    if (known) {
      this.flush(key, known);
      await known.settled;
    }
    const outcome = await this.limit.take(key);
    this.remember(key, outcome);
    return outcome;
  }

  private flushSoon(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      for (const [key, known] of this.known) this.flush(key, known);
    }, FLUSH_MS);
    this.flushTimer.unref();
  }

  private flush(key: string, known: Known): void {
    if (known.unsent === 0) return;
    const points = known.unsent;
    known.unsent = 0;
    const counted = this.limit.take(key, points).then((outcome) => this.remember(key, outcome));
    known.settled = Promise.all([known.settled, counted]);
  }

  private current(key: string): Known | undefined {
    const known = this.known.get(key);
    if (known && known.until <= Date.now()) {
      this.known.delete(key);
      return undefined;
    }
    return known;
  }

  /** A count's answer; within the same window the view only goes down (answers may arrive out of order). */
  private remember(key: string, outcome: LimitOutcome): void {
    const known = this.current(key);
    if (!outcome.allowed) {
      if (known) known.remaining = 0;
      return;
    }
    // The store did not answer: keep what is known; with nothing known every request asks (and fails open).
    if (outcome.windowEndsAt === undefined) return;
    if (known) {
      known.remaining = Math.min(known.remaining, outcome.remaining);
      return;
    }
    this.known.set(key, {
      remaining: outcome.remaining,
      until: outcome.windowEndsAt,
      unsent: 0,
      settled: Promise.resolve(),
    });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) {
      const now = Date.now();
      for (const [stale, entry] of this.known) if (entry.until <= now) this.known.delete(stale);
    }
  }
}

import { type Limit, type LimitOutcome } from '@promptloom/shared';

interface Known {
  /** This replica's view: the last count's remaining points, less the requests passed since. */
  remaining: number;
  /** When the key's window ends (ms since the epoch): the view says nothing after it. */
  until: number;
  /** The counts still running in the background for this key. */
  settled: Promise<unknown>;
}

const SWEEP_EVERY = 1000;

/**
 * Keeps a shared (PostgreSQL) counter off the request path while a key is far from its limit. Each replica keeps
 * its view of a key's remaining points; while that leaves more than a tenth of the limit, a request passes at once
 * and is counted in the background. In the last tenth (and for a key not seen in the current window) a request
 * first lets this replica's background counts land, then waits for the shared count, which decides. So one replica
 * enforces the limit exactly; across replicas a user can pass it by about the requests a replica lets through
 * before its next count shows what the others counted.
 */
export class LimitHeadroom {
  private readonly known = new Map<string, Known>();
  private readonly margin: number;
  private writes = 0;

  constructor(private readonly limit: Limit) {
    this.margin = Math.max(1, Math.ceil(limit.rule.points / 10));
  }

  async take(key: string): Promise<LimitOutcome> {
    const known = this.current(key);
    if (known && known.remaining > this.margin) {
      known.remaining -= 1;
      const counted = this.limit.take(key).then((outcome) => this.remember(key, outcome));
      known.settled = Promise.all([known.settled, counted]);
      return { allowed: true, used: this.limit.rule.points - known.remaining, remaining: known.remaining };
    }
    if (known) await known.settled;
    const outcome = await this.limit.take(key);
    this.remember(key, outcome);
    return outcome;
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
    if (!outcome.allowed || outcome.windowEndsAt === undefined) {
      this.known.delete(key);
      return;
    }
    const known = this.current(key);
    if (known) {
      known.remaining = Math.min(known.remaining, outcome.remaining);
      return;
    }
    this.known.set(key, {
      remaining: outcome.remaining,
      until: outcome.windowEndsAt,
      settled: Promise.resolve(),
    });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) {
      const now = Date.now();
      for (const [stale, entry] of this.known) if (entry.until <= now) this.known.delete(stale);
    }
  }
}

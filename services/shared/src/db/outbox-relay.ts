import { type MikroORM } from '@mikro-orm/postgresql';
import { type Bus } from '../bus';
import { withinTraceOf } from '../tracing/spans';
import { traceCarrierOf } from '../tracing/trace-carrier';
import { type StoredContext } from './outbox';
import { type Logger } from '../logging';
import {
  busEventsPublishedTotal,
  outboxDeadEventsTotal,
  outboxLag,
  outboxPending,
} from '../metrics/instruments';

interface PendingRow {
  id: string;
  event_id: string;
  subject: string;
  payload: unknown;
  context: StoredContext;
}

export interface OutboxRelayOptions {
  /** How often to look for unpublished rows when nobody calls `wake()`. Default 1 s. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. Default 7 days. */
  retainPublishedMs?: number;
  /** Tries (passes that failed on the row while the bus was up) before a row is moved aside. Default 5. */
  maxAttempts?: number;
  /** How often the backlog gauges are measured, whether or not publishing works. Default 5 s. */
  metricsIntervalMs?: number;
  logger?: Logger;
}

type RunSql = (sql: string, params: unknown[]) => Promise<unknown>;

interface BatchOutcome {
  claimed: number;
  published: number;
  lastId: string | null;
  /** Set when the bus itself was unavailable: the pass stops there, and nobody's row is blamed. */
  outage?: unknown;
  /** Set when another replica's relay holds the turn: nothing was claimed, try again shortly. */
  notOurTurn?: boolean;
}

/** How soon a relay that found another replica's relay publishing tries again (rather than at its next poll). */
const TURN_RETRY_MS = 100;

/**
 * Publishes the outbox of one service schema to the bus, oldest first. The replicas of a service take turns: each
 * batch is claimed under a transaction-scoped advisory lock of the schema's outbox, so one relay publishes at a time
 * and events leave in the order they were committed (with rows shared out by `skip locked`, a replica could publish
 * a run's end while another still held its items). A replica that dies mid-batch gives the turn up with its
 * connection. The outbox row's event id is the bus message id, so a row published twice (a crash after publish,
 * before the row was marked; a relay of an older release) is still delivered once.
 *
 * A row the bus refuses while the bus is up (too large for the server's `max_payload`, say) counts a try; after
 * `maxAttempts` it is moved aside (`dead_at`, with its last error), logged as an error and counted in
 * `outbox_dead_events_total`, and the rows behind it flow meanwhile. An outage of the bus (SERVICE_UNAVAILABLE)
 * blames no row: the pass stops and the next one retries.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private lastCleanup = 0;
  private metricsTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: Bus,
    private readonly schema: string,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.metricsTimer = setInterval(
      () => void this.measureBacklogLogged(),
      this.options.metricsIntervalMs ?? 5000,
    );
    this.metricsTimer.unref();
    void this.measureBacklogLogged();
  }

  /** Publish now instead of at the next poll; services call it right after a commit that recorded events. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Finishes the batch in flight, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.metricsTimer) clearInterval(this.metricsTimer);
    this.metricsTimer = null;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * One pass over everything pending now, each row tried once; returns how many rows were published. Rejects, after
   * committing what was published, when the bus is unavailable.
   */
  async publishPending(): Promise<number> {
    return (await this.publishPass()).published;
  }

  /** `publishPending`, also saying whether it stopped because another replica's relay was publishing. */
  private async publishPass(): Promise<{ published: number; notOurTurn: boolean }> {
    let published = 0;
    let after = '0';
    for (;;) {
      const batch = await this.publishBatch(after);
      published += batch.published;
      if (batch.outage !== undefined) throw batch.outage;
      if (batch.notOurTurn) return { published, notOurTurn: true };
      if (batch.claimed < (this.options.batchSize ?? 100) || batch.lastId === null)
        return { published, notOurTurn: false };
      after = batch.lastId;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pendingWake = false;
      let wait = this.options.pollIntervalMs ?? 1000;
      try {
        if ((await this.publishPass()).notOurTurn) {
          // The replica that has the turn tidies and measures; this one only tries again soon.
          wait = Math.min(wait, TURN_RETRY_MS);
          this.options.logger?.debug({ schema: this.schema }, 'outbox relay: another replica is publishing');
        } else {
          await this.cleanupPublished();
          await this.measureBacklog();
        }
      } catch (error) {
        this.options.logger?.warn(
          { err: error, schema: this.schema },
          'outbox relay: publishing failed, will retry',
        );
      }
      if (!this.running || this.pendingWake) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** Claims, publishes and marks one batch in a transaction; what it reports is reported once it is committed. */
  private async publishBatch(after: string): Promise<BatchOutcome> {
    const reports: Array<() => void> = [];
    const outcome = await this.orm.em.fork().transactional(async (tx) => {
      const run: RunSql = (sql, params) => tx.execute(sql, params);
      const [turn] = (await run('select pg_try_advisory_xact_lock(hashtext(?)) as "ours"', [
        `outbox:${this.schema}`,
      ])) as Array<{ ours: boolean }>;
      if (!turn?.ours) return { claimed: 0, published: 0, lastId: null, notOurTurn: true };
      const rows = (await run(
        `select "id", "event_id", "subject", "payload", "context" from "${this.schema}"."outbox"
         where "published_at" is null and "dead_at" is null and "id" > ?
         order by "id" limit ? for update skip locked`,
        [after, this.options.batchSize ?? 100],
      )) as PendingRow[];
      const outcome: BatchOutcome = { claimed: rows.length, published: 0, lastId: rows.at(-1)?.id ?? null };
      const published: string[] = [];
      for (const row of rows) {
        try {
          const { trace, ...context } = row.context;
          // Within the trace of the request that recorded it: its subscribers' spans join that trace too.
          await withinTraceOf(traceCarrierOf(trace), () =>
            this.bus.publish(row.subject, row.payload, { id: row.event_id, context }),
          );
          busEventsPublishedTotal.inc({ subject: row.subject });
          published.push(row.id);
        } catch (error) {
          if (isBusOutage(error)) {
            outcome.outage = error;
            break;
          }
          reports.push(await this.countFailedTry(row, error, run));
        }
      }
      if (published.length > 0) {
        await run(
          `update "${this.schema}"."outbox" set "published_at" = now() where "id" in (${published.map(() => '?').join(',')})`,
          published,
        );
      }
      outcome.published = published.length;
      return outcome;
    });
    for (const report of reports) report();
    return outcome;
  }

  /** Counts a failed try on the row (moving it aside at the last); returns how to report it after the commit. */
  private async countFailedTry(row: PendingRow, error: unknown, run: RunSql): Promise<() => void> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const message = error instanceof Error ? error.message : String(error);
    const [updated] = (await run(
      `update "${this.schema}"."outbox" set "attempts" = "attempts" + 1, "last_error" = ?,
         "dead_at" = case when "attempts" + 1 >= ? then now() end
       where "id" = ? returning "attempts", "dead_at" is not null as "dead"`,
      [message, maxAttempts, row.id],
    )) as Array<{ attempts: number; dead: boolean }>;
    const fields = { schema: this.schema, outboxId: row.id, eventId: row.event_id, subject: row.subject };
    if (!updated?.dead) {
      return () =>
        this.options.logger?.warn(
          { ...fields, attempts: updated?.attempts, err: error },
          'outbox relay: row not published',
        );
    }
    return () => {
      outboxDeadEventsTotal.inc({ schema: this.schema });
      this.options.logger?.error(
        { ...fields, attempts: updated.attempts, err: error },
        'outbox relay: row moved aside after too many failed tries; the rows behind it go on',
      );
    };
  }

  private async measureBacklogLogged(): Promise<void> {
    await this.measureBacklog().catch((error: unknown) =>
      this.options.logger?.warn({ err: error, schema: this.schema }, 'outbox relay: backlog not measured'),
    );
  }

  /** Outbox lag for /metrics: what is left unpublished, and how old its oldest row is. */
  private async measureBacklog(): Promise<void> {
    const [row] = await this.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ pending: string; lag: number | null }>>(
        `select count(*) as "pending", extract(epoch from now() - min("created_at"))::float8 as "lag"
         from "${this.schema}"."outbox" where "published_at" is null and "dead_at" is null`,
        [],
        'all',
      );
    outboxPending.set({ schema: this.schema }, Number(row?.pending ?? 0));
    outboxLag.set({ schema: this.schema }, Math.max(0, row?.lag ?? 0));
  }

  private async cleanupPublished(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    const retainMs = this.options.retainPublishedMs ?? 7 * 24 * 3600 * 1000;
    await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `delete from "${this.schema}"."outbox" where "published_at" < now() - (? || ' milliseconds')::interval`,
        [String(retainMs)],
        'run',
      );
  }
}

/** The bus is down or closed (every row would fail alike), as opposed to refusing this one row. */
function isBusOutage(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SERVICE_UNAVAILABLE';
}

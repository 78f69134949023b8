import { type MikroORM } from '@mikro-orm/postgresql';
import { type RequestContext } from '@promptloom/proto';
import { type Bus } from '../bus';
import { type Logger } from '../logging';
import { busEventsPublishedTotal, outboxLag, outboxPending } from '../metrics/instruments';

interface PendingRow {
  id: string;
  event_id: string;
  subject: string;
  payload: unknown;
  context: RequestContext;
}

export interface OutboxRelayOptions {
  /** How often to look for unpublished rows when nobody calls `wake()`. Default 1 s. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. Default 7 days. */
  retainPublishedMs?: number;
  logger?: Logger;
}

/**
 * Publishes the outbox of one service schema to the bus, oldest first. Rows are claimed with
 * `for update skip locked`, so replicas of a service share the work; the outbox row's event id is the bus message
 * id, so a row published twice (a crash after publish, before the row was marked) is still delivered once.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private lastCleanup = 0;

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
  }

  /** Publish now instead of at the next poll; services call it right after a commit that recorded events. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Finishes the batch in flight, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Publishes everything pending now; returns how many rows were published. */
  async publishPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pendingWake = false;
      try {
        await this.publishPending();
        await this.cleanupPublished();
        await this.measureBacklog();
      } catch (error) {
        this.options.logger?.warn(
          { err: error, schema: this.schema },
          'outbox relay: publishing failed, will retry',
        );
      }
      if (!this.running || this.pendingWake) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollIntervalMs ?? 1000);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  private async publishBatch(): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const rows: PendingRow[] = await connection.execute(
        `select "id", "event_id", "subject", "payload", "context" from "${this.schema}"."outbox"
         where "published_at" is null order by "id" limit ? for update skip locked`,
        [this.options.batchSize ?? 100],
        'all',
        tx.getTransactionContext(),
      );
      for (const row of rows) {
        await this.bus.publish(row.subject, row.payload, { id: row.event_id, context: row.context });
        busEventsPublishedTotal.inc({ subject: row.subject });
      }
      if (rows.length > 0) {
        await connection.execute(
          `update "${this.schema}"."outbox" set "published_at" = now() where "id" in (${rows.map(() => '?').join(',')})`,
          rows.map((row) => row.id),
          'run',
          tx.getTransactionContext(),
        );
      }
      return rows.length;
    });
  }

  /** Outbox lag for /metrics: what is left unpublished, and how old its oldest row is. */
  private async measureBacklog(): Promise<void> {
    const [row] = await this.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ pending: string; lag: number | null }>>(
        `select count(*) as "pending", extract(epoch from now() - min("created_at"))::float8 as "lag"
         from "${this.schema}"."outbox" where "published_at" is null`,
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

import { type EntityManager } from '@mikro-orm/postgresql';
import { type ListFamily } from '@promptloom/proto';

/** A run that stored its items: the list family they went to (null when none did, as for sub-elements) and how many. */
export interface FinishedRun {
  family: ListFamily | null;
  items: number;
  finishedAt: string;
}

/** What the "while you were away" runs ask of the applied jobs: the only place that query is written. */
export interface FinishedRunStore {
  /** The user's runs that stored their items after `since` and by `until`, newest first, at most `limit`. */
  newest(userId: number, window: { since: string; until: string }, limit: number): Promise<FinishedRun[]>;
}

/** A row as the driver returns it (a count comes back as text). */
interface FinishedRunRow {
  family: ListFamily | null;
  items: string | number;
  applied_at: Date | string;
}

/** The store on PostgreSQL, for one entity manager. */
export class FinishedRuns implements FinishedRunStore {
  constructor(
    private readonly em: EntityManager,
    private readonly schema: string,
  ) {}

  async newest(userId: number, window: { since: string; until: string }, limit: number) {
    const rows = await this.em.execute<FinishedRunRow[]>(
      `select i."family", count(i."id") as "items", a."applied_at"
       from "${this.schema}"."applied_jobs" a
       left join "${this.schema}"."list_items" i on i."job_id" = a."job_id" and i."user_id" = a."user_id"
       where a."user_id" = ? and a."outcome" = 'stored' and a."applied_at" > ? and a."applied_at" <= ?
       group by a."job_id", a."applied_at", i."family"
       order by a."applied_at" desc limit ?`,
      [userId, window.since, window.until, limit],
    );
    return rows.map((row): FinishedRun => ({
      family: row.family,
      items: Number(row.items),
      finishedAt: new Date(row.applied_at).toISOString(),
    }));
  }
}

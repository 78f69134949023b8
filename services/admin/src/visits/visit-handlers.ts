import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AWAY_AFTER_MS,
  awayEvents,
  type AwayWindow,
  type ParsedRequestOf,
  type RequestContext,
  type VisitStart,
  type awayOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';

type Req<K extends keyof typeof awayOperations> = ParsedRequestOf<(typeof awayOperations)[K]>;

interface VisitRow {
  away_since: Date | string | null;
  away_until: Date | string | null;
  dismissed: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const windowOf = (row: VisitRow | undefined): AwayWindow =>
  row
    ? { since: iso(row.away_since), until: iso(row.away_until), dismissed: row.dismissed }
    : { since: null, until: null, dismissed: false };

/** When a start opens a new window, and where it begins ("v" is the stored row, "?" the start's instant). */
const OPENS: Record<VisitStart, { when: string; params: number; since: string }> = {
  sign_in: { when: 'true', params: 0, since: 'v."last_seen_at"' },
  resume: {
    when: `v."last_seen_at" < ?::timestamptz - (${AWAY_AFTER_MS} * interval '1 millisecond')`,
    params: 1,
    since: 'v."last_seen_at"',
  },
  // A window still shown goes on from where it began: a drop while the notice is up loses nothing it told.
  reconnect: {
    when: `v."last_seen_at" < ?::timestamptz`,
    params: 1,
    since: `case when not v."dismissed" and v."away_since" is not null then v."away_since" else v."last_seen_at" end`,
  },
};

/**
 * "Last visit", kept per user in admin.user_visits. One statement each (an upsert), so two tabs starting at once
 * cannot both open a window: a sign-in, a resume after more than AWAY_AFTER_MS unseen, or a reconnect after any
 * time unseen opens a new window up to now; any start or heartbeat moves `last_seen_at` to now. Opening and
 * dismissing a window is told to the user's devices (awayEvents.visitChanged), a heartbeat is not.
 */
export class VisitHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly schema: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async begin(request: Req<'beginVisit'>, context: RequestContext): Promise<AwayWindow> {
    const now = this.now().toISOString();
    const opens = OPENS[request.start];
    const when = Array<string>(opens.params).fill(now);
    return this.writer.write(async (tx) => {
      const [row] = await tx.execute<Array<VisitRow & { opened: boolean | null }>>(
        `insert into ${this.table} as v ("user_id", "last_seen_at") values (?, ?)
       on conflict ("user_id") do update set
         "away_since" = case when ${opens.when} then ${opens.since} else v."away_since" end,
         "away_until" = case when ${opens.when} then excluded."last_seen_at" else v."away_until" end,
         "dismissed" = case when ${opens.when} then false else v."dismissed" end,
         "last_seen_at" = greatest(v."last_seen_at", excluded."last_seen_at")
       returning "away_since", "away_until", "dismissed", "away_until" = ?::timestamptz as "opened"`,
        [request.user_id, now, ...when, ...when, ...when, now],
      );
      const window = windowOf(row);
      if (row?.opened) recordEvent(tx, awayEvents.visitChanged, { userId: request.user_id, window }, context);
      return window;
    });
  }

  async get(request: Req<'getVisit'>): Promise<AwayWindow> {
    const [row] = await this.em().execute<VisitRow[]>(
      `select "away_since", "away_until", "dismissed" from ${this.table} where "user_id" = ?`,
      [request.user_id],
    );
    return windowOf(row);
  }

  async dismiss(request: Req<'dismissAway'>, context: RequestContext): Promise<AwayWindow> {
    return this.writer.write(async (tx) => {
      const [row] = await tx.execute<VisitRow[]>(
        `update ${this.table} set "dismissed" = true where "user_id" = ?
       returning "away_since", "away_until", "dismissed"`,
        [request.user_id],
      );
      const window = windowOf(row);
      recordEvent(tx, awayEvents.visitChanged, { userId: request.user_id, window }, context);
      return window;
    });
  }

  private get table(): string {
    return `"${this.schema}"."user_visits"`;
  }
}

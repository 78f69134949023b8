import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AWAY_AFTER_MS,
  type AwayWindow,
  type ParsedRequestOf,
  type RequestContext,
  type awayOperations,
} from '@promptloom/proto';
import { requireAccess, type Bus, type OutboxWriter } from '@promptloom/shared';

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

/**
 * "Last visit", kept per user in admin.user_visits. One statement each (an upsert), so two tabs starting at once
 * cannot both open a window: a sign-in, or a resume after more than AWAY_AFTER_MS unseen, opens a new window from
 * `last_seen_at` to now; any start or heartbeat moves `last_seen_at` to now.
 */
export class VisitHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly bus: Bus,
    private readonly schema: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async begin(request: Req<'beginVisit'>, context: RequestContext): Promise<AwayWindow> {
    await requireAccess(this.bus, context, 'write', request.user_id);
    const now = this.now();
    const opensWindow =
      request.start === 'sign_in'
        ? 'true'
        : `v."last_seen_at" < ?::timestamptz - (? * interval '1 millisecond')`;
    const params = request.start === 'sign_in' ? [] : [now.toISOString(), AWAY_AFTER_MS];
    const [row] = await this.writer.write((tx) =>
      tx.execute<VisitRow[]>(
        `insert into ${this.table} as v ("user_id", "last_seen_at") values (?, ?)
       on conflict ("user_id") do update set
         "away_since" = case when ${opensWindow} then v."last_seen_at" else v."away_since" end,
         "away_until" = case when ${opensWindow} then excluded."last_seen_at" else v."away_until" end,
         "dismissed" = case when ${opensWindow} then false else v."dismissed" end,
         "last_seen_at" = greatest(v."last_seen_at", excluded."last_seen_at")
       returning "away_since", "away_until", "dismissed"`,
        [request.user_id, now.toISOString(), ...params, ...params, ...params],
      ),
    );
    return windowOf(row);
  }

  async get(request: Req<'getVisit'>, context: RequestContext): Promise<AwayWindow> {
    await requireAccess(this.bus, context, 'read', request.user_id);
    const [row] = await this.em().execute<VisitRow[]>(
      `select "away_since", "away_until", "dismissed" from ${this.table} where "user_id" = ?`,
      [request.user_id],
    );
    return windowOf(row);
  }

  async dismiss(request: Req<'dismissAway'>, context: RequestContext): Promise<AwayWindow> {
    await requireAccess(this.bus, context, 'write', request.user_id);
    const [row] = await this.writer.write((tx) =>
      tx.execute<VisitRow[]>(
        `update ${this.table} set "dismissed" = true where "user_id" = ?
       returning "away_since", "away_until", "dismissed"`,
        [request.user_id],
      ),
    );
    return windowOf(row);
  }

  private get table(): string {
    return `"${this.schema}"."user_visits"`;
  }
}

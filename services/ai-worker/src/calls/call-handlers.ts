import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AI_CALL_EXPORT_MAX_ROWS,
  DomainError,
  resolvePage,
  type AiCallDetail,
  type AiCallFilters,
  type AiCallPage,
  type AiUsage,
  type AiUsageDay,
  type ParsedRequestOf,
  type aiCallOperations,
} from '@promptloom/proto';
import {} from '@promptloom/shared';
import { callsCsv } from './call-csv';
import { callFilter } from './call-query';
import { SUMMARY_COLUMNS, toDetail, toSummary, type CallRow } from './call-row';

type Req<K extends keyof typeof aiCallOperations> = ParsedRequestOf<(typeof aiCallOperations)[K]>;

const DAY_MS = 86_400_000;

/** Admins' AI Calls: the recorded provider calls, paged and filtered, one in full, as CSV, and usage per day. */
export class CallHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly schema: string,
    private readonly now: () => Date,
  ) {}

  private get from() {
    return `"${this.schema}"."ai_calls" c left join "${this.schema}"."user_names" n on n."user_id" = c."user_id"`;
  }

  async list(request: Req<'list'>): Promise<AiCallPage> {
    const { where, params } = callFilter(request);
    const em = this.em();
    const [counted] = await em.execute<Array<{ total: number }>>(
      `select count(*)::int as "total" from "${this.schema}"."ai_calls" c where ${where}`,
      params,
    );
    const total = counted?.total ?? 0;
    const { page, lastPage, offset } = resolvePage(request, total);
    const rows = await em.execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS} from ${this.from} where ${where}
       order by c."created_at" desc, c."id" desc limit ? offset ?`,
      [...params, request.per_page, offset],
    );
    return {
      data: rows.map(toSummary),
      current_page: page,
      last_page: lastPage,
      per_page: request.per_page,
      total,
    };
  }

  async get(request: Req<'get'>): Promise<AiCallDetail> {
    const [row] = await this.em().execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS}, c."messages", c."reply", c."cut", c."reasons" from ${this.from} where c."id" = ?`,
      [request.id],
    );
    if (!row) throw new DomainError('NOT_FOUND', 'AI call not found.');
    return toDetail(row);
  }

  async export(filters: AiCallFilters) {
    const { where, params } = callFilter(filters);
    const rows = await this.em().execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS} from ${this.from} where ${where}
       order by c."created_at" desc, c."id" desc limit ?`,
      [...params, AI_CALL_EXPORT_MAX_ROWS + 1],
    );
    const kept = rows.slice(0, AI_CALL_EXPORT_MAX_ROWS).map(toSummary);
    return { csv: callsCsv(kept), rows: kept.length, truncated: rows.length > AI_CALL_EXPORT_MAX_ROWS };
  }

  async usage(request: Req<'usage'>): Promise<AiUsage> {
    const today = new Date(this.now().toISOString().slice(0, 10));
    const first = new Date(today.getTime() - (request.days - 1) * DAY_MS);
    const byUser = request.user_id === undefined ? '' : 'and "user_id" = ?';
    const rows = await this.em().execute<
      Array<{
        day: string;
        calls: number;
        failed: number;
        cancelled: number;
        prompt: string;
        completion: string;
        cost: string;
      }>
    >(
      `select to_char(("created_at" at time zone 'UTC')::date, 'YYYY-MM-DD') as "day", count(*)::int as "calls",
         (count(*) filter (where "outcome" = 'failed'))::int as "failed",
         (count(*) filter (where "outcome" = 'cancelled'))::int as "cancelled",
         coalesce(sum("prompt_tokens"), 0) as "prompt", coalesce(sum("completion_tokens"), 0) as "completion",
         coalesce(sum("cost_usd"), 0) as "cost"
       from "${this.schema}"."ai_calls" where "created_at" >= ? ${byUser} group by 1`,
      request.user_id === undefined ? [first] : [first, request.user_id],
    );
    const found = new Map(rows.map((row) => [row.day, row]));
    const days: AiUsageDay[] = [];
    for (let time = first.getTime(); time <= today.getTime(); time += DAY_MS) {
      const day = new Date(time).toISOString().slice(0, 10);
      const row = found.get(day);
      days.push({
        day,
        calls: row?.calls ?? 0,
        failed: row?.failed ?? 0,
        cancelled: row?.cancelled ?? 0,
        prompt_tokens: Number(row?.prompt ?? 0),
        completion_tokens: Number(row?.completion ?? 0),
        cost_usd: Number(row?.cost ?? 0),
      });
    }
    const sum = (key: Exclude<keyof AiUsageDay, 'day'>) => days.reduce((total, day) => total + day[key], 0);
    return {
      user_id: request.user_id ?? null,
      days,
      today: days[days.length - 1]!,
      total: {
        calls: sum('calls'),
        failed: sum('failed'),
        cancelled: sum('cancelled'),
        prompt_tokens: sum('prompt_tokens'),
        completion_tokens: sum('completion_tokens'),
        cost_usd: sum('cost_usd'),
      },
    };
  }
}

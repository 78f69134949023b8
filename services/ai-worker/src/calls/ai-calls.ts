import { type EntityManager } from '@mikro-orm/postgresql';
import {
  type AiCallDetail,
  type AiCallFilters,
  type AiCallSummary,
  type AiUsageDay,
} from '@promptloom/proto';
import { callFilter } from './call-query';
import { SUMMARY_COLUMNS, toDetail, toSummary, type CallRow } from './call-row';

/** A call to record: the detail without what the table gives it (id, time) and what it joins (the user's name). */
export type NewAiCall = Omit<AiCallDetail, 'id' | 'user_name' | 'created_at'>;

/** What the AI Calls handlers and the recorder ask of the recorded calls: the only place their SQL is written. */
export interface AiCallStore {
  /** Records a call and answers it as the AI Calls table lists it. */
  add(call: NewAiCall): Promise<AiCallSummary>;
  count(filters: AiCallFilters): Promise<number>;
  /** The calls the filters match, newest first: `limit` of them, after the first `offset`. */
  newestFirst(filters: AiCallFilters, limit: number, offset?: number): Promise<AiCallSummary[]>;
  byId(id: number): Promise<AiCallDetail | null>;
  /** The totals of each UTC day from `since` on that has calls (in no order), of one user's calls or everyone's. */
  usagePerDay(since: Date, userId?: number): Promise<AiUsageDay[]>;
}

/** A usage row as the driver returns it (sums of bigint and numeric come back as text). */
interface UsageRow {
  day: string;
  calls: number;
  failed: number;
  cancelled: number;
  prompt: string;
  completion: string;
  cost: string;
}

/** The store on PostgreSQL, for one entity manager (a request's, or a write's transaction). */
export class AiCalls implements AiCallStore {
  constructor(
    private readonly em: EntityManager,
    private readonly schema: string,
  ) {}

  private get table() {
    return `"${this.schema}"."ai_calls"`;
  }

  /** The calls as `c`, with their user's name as `n`. */
  private get withNames() {
    return `${this.table} c left join "${this.schema}"."user_names" n on n."user_id" = c."user_id"`;
  }

  async add(call: NewAiCall) {
    const [inserted] = await this.em.execute<Array<{ id: string }>>(
      `insert into ${this.table} ("user_id", "purpose", "model", "job_id", "messages", "reply",
         "cut", "prompt_tokens", "completion_tokens", "cost_usd", "latency_ms", "outcome", "failure", "reasons")
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning "id"`,
      [
        call.user_id,
        call.purpose,
        call.model,
        call.job_id,
        JSON.stringify(call.messages),
        call.reply,
        call.cut,
        call.prompt_tokens,
        call.completion_tokens,
        call.cost_usd,
        call.latency_ms,
        call.outcome,
        call.failure,
        JSON.stringify(call.reasons),
      ],
    );
    const [row] = await this.em.execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS} from ${this.withNames} where c."id" = ?`,
      [inserted!.id],
    );
    return toSummary(row!);
  }

  async count(filters: AiCallFilters) {
    const { where, params } = callFilter(filters);
    const [counted] = await this.em.execute<Array<{ total: number }>>(
      `select count(*)::int as "total" from ${this.table} c where ${where}`,
      params,
    );
    return counted?.total ?? 0;
  }

  async newestFirst(filters: AiCallFilters, limit: number, offset = 0) {
    const { where, params } = callFilter(filters);
    const rows = await this.em.execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS} from ${this.withNames} where ${where}
       order by c."created_at" desc, c."id" desc limit ? offset ?`,
      [...params, limit, offset],
    );
    return rows.map(toSummary);
  }

  async byId(id: number) {
    const [row] = await this.em.execute<CallRow[]>(
      `select ${SUMMARY_COLUMNS}, c."messages", c."reply", c."cut", c."reasons" from ${this.withNames}
       where c."id" = ?`,
      [id],
    );
    return row ? toDetail(row) : null;
  }

  async usagePerDay(since: Date, userId?: number) {
    const byUser = userId === undefined ? '' : 'and "user_id" = ?';
    const rows = await this.em.execute<UsageRow[]>(
      `select to_char(("created_at" at time zone 'UTC')::date, 'YYYY-MM-DD') as "day", count(*)::int as "calls",
         (count(*) filter (where "outcome" = 'failed'))::int as "failed",
         (count(*) filter (where "outcome" = 'cancelled'))::int as "cancelled",
         coalesce(sum("prompt_tokens"), 0) as "prompt", coalesce(sum("completion_tokens"), 0) as "completion",
         coalesce(sum("cost_usd"), 0) as "cost"
       from ${this.table} where "created_at" >= ? ${byUser} group by 1`,
      userId === undefined ? [since] : [since, userId],
    );
    return rows.map((row): AiUsageDay => ({
      day: row.day,
      calls: row.calls,
      failed: row.failed,
      cancelled: row.cancelled,
      prompt_tokens: Number(row.prompt),
      completion_tokens: Number(row.completion),
      cost_usd: Number(row.cost),
    }));
  }
}

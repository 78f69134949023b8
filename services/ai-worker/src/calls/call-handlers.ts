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
import { type AiCallStore } from './ai-calls';
import { callsCsv } from './call-csv';

type Req<K extends keyof typeof aiCallOperations> = ParsedRequestOf<(typeof aiCallOperations)[K]>;

export const AI_CALL_NOT_FOUND = 'AI call not found.';

const DAY_MS = 86_400_000;

const noCalls = (day: string): AiUsageDay => ({
  day,
  calls: 0,
  failed: 0,
  cancelled: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  cost_usd: 0,
});

/**
 * Admins' AI Calls: the recorded provider calls, paged and filtered, one in full, as CSV, and usage per day. The
 * calls are read through an AiCallStore, one per request (`calls()`).
 */
export class CallHandlers {
  constructor(
    private readonly calls: () => AiCallStore,
    private readonly now: () => Date,
  ) {}

  async list(request: Req<'list'>): Promise<AiCallPage> {
    const calls = this.calls();
    const total = await calls.count(request);
    const { page, lastPage, offset } = resolvePage(request, total);
    return {
      data: await calls.newestFirst(request, request.per_page, offset),
      current_page: page,
      last_page: lastPage,
      per_page: request.per_page,
      total,
    };
  }

  async get(request: Req<'get'>): Promise<AiCallDetail> {
    const call = await this.calls().byId(request.id);
    if (!call) throw new DomainError('NOT_FOUND', AI_CALL_NOT_FOUND);
    return call;
  }

  /** The newest AI_CALL_EXPORT_MAX_ROWS calls; one more is read to tell whether the export was cut. */
  async export(filters: AiCallFilters) {
    const calls = await this.calls().newestFirst(filters, AI_CALL_EXPORT_MAX_ROWS + 1);
    const kept = calls.slice(0, AI_CALL_EXPORT_MAX_ROWS);
    return { csv: callsCsv(kept), rows: kept.length, truncated: calls.length > AI_CALL_EXPORT_MAX_ROWS };
  }

  /** Every UTC day of the range, oldest first and today last, a day without calls with zeros; and their sums. */
  async usage(request: Req<'usage'>): Promise<AiUsage> {
    const today = new Date(this.now().toISOString().slice(0, 10));
    const first = new Date(today.getTime() - (request.days - 1) * DAY_MS);
    const found = new Map(
      (await this.calls().usagePerDay(first, request.user_id)).map((usage) => [usage.day, usage]),
    );
    const days: AiUsageDay[] = [];
    for (let time = first.getTime(); time <= today.getTime(); time += DAY_MS) {
      const day = new Date(time).toISOString().slice(0, 10);
      days.push({ ...noCalls(day), ...found.get(day) });
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

import {
  AI_CALL_EXPORT_MAX_ROWS,
  aiCallOperations,
  type AiCallDetail,
  type AiCallFilters,
  AiCallSummary,
  type AiUsageDay,
} from '@promptloom/proto';
import { type AiCallStore, type NewAiCall } from './ai-calls';
import { AI_CALL_NOT_FOUND, CallHandlers } from './call-handlers';

/** The schema keeps a summary's fields and drops the rest (messages, reply, cut, reasons). */
const summaryOf = (call: AiCallDetail) => AiCallSummary.parse(call);

/** The handlers' rules on a store kept in memory: no database, the SQL being AiCalls' alone. */
class CallsInMemory implements AiCallStore {
  readonly calls: AiCallDetail[] = [];
  readonly userNames = new Map<number, string>();
  /** When the next call is recorded. */
  clock = new Date('2026-03-10T12:00:00.000Z');

  async add(call: NewAiCall) {
    const added: AiCallDetail = {
      ...call,
      id: this.calls.length + 1,
      user_name: call.user_id === null ? null : (this.userNames.get(call.user_id) ?? null),
      created_at: this.clock.toISOString(),
    };
    this.calls.push(added);
    return summaryOf(added);
  }

  async count(filters: AiCallFilters) {
    return this.matching(filters).length;
  }

  async newestFirst(filters: AiCallFilters, limit: number, offset = 0) {
    return this.matching(filters)
      .slice(offset, offset + limit)
      .map(summaryOf);
  }

  async byId(id: number) {
    return this.calls.find((call) => call.id === id) ?? null;
  }

  async usagePerDay(since: Date, userId?: number) {
    const days = new Map<string, AiUsageDay>();
    for (const call of this.calls) {
      if (new Date(call.created_at) < since || (userId !== undefined && call.user_id !== userId)) continue;
      const day = call.created_at.slice(0, 10);
      const usage = days.get(day) ?? {
        day,
        calls: 0,
        failed: 0,
        cancelled: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        cost_usd: 0,
      };
      usage.calls += 1;
      if (call.outcome === 'failed') usage.failed += 1;
      if (call.outcome === 'cancelled') usage.cancelled += 1;
      usage.prompt_tokens += call.prompt_tokens ?? 0;
      usage.completion_tokens += call.completion_tokens ?? 0;
      usage.cost_usd += call.cost_usd ?? 0;
      days.set(day, usage);
    }
    return [...days.values()];
  }

  /** Only the filters on equal values: the model, text and date filters are the SQL's (test/ai/ai-calls.test.ts). */
  private matching(filters: AiCallFilters) {
    const keys = ['user_id', 'purpose', 'outcome', 'job_id'] as const;
    return this.calls
      .filter((call) => keys.every((key) => filters[key] === undefined || call[key] === filters[key]))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }
}

const aCall = (overrides: Partial<NewAiCall> = {}): NewAiCall => ({
  user_id: 7,
  purpose: 'types',
  model: 'gpt-4o-mini',
  job_id: null,
  messages: [{ role: 'user', content: 'Three kinds of castle.' }],
  reply: '["Keep","Citadel","Fort"]',
  cut: false,
  prompt_tokens: 100,
  completion_tokens: 20,
  cost_usd: 0.25,
  latency_ms: 420,
  outcome: 'ok',
  failure: null,
  reasons: [],
  ...overrides,
});

describe('the AI Calls handlers, on a store in memory', () => {
  let store: CallsInMemory;
  let handlers: CallHandlers;

  beforeEach(() => {
    store = new CallsInMemory();
    store.userNames.set(7, 'ada');
    handlers = new CallHandlers(
      () => store,
      () => new Date('2026-03-10T08:00:00.000Z'),
    );
  });

  const ops = aiCallOperations;
  const list = (input: object) => handlers.list(ops.list.request.parse(input));

  it('pages the newest first with the total, a page past the last answered with the last', async () => {
    for (let index = 0; index < 23; index += 1) await store.add(aCall());
    const last = await list({ page: 3 });
    expect(last).toMatchObject({ current_page: 3, last_page: 3, per_page: 10, total: 23 });
    expect(last.data.map((call) => call.id)).toEqual([3, 2, 1]);
    expect(await list({ page: 9 })).toEqual(last);
    expect((await list({ per_page: 5 })).data.map((call) => call.id)).toEqual([23, 22, 21, 20, 19]);
    expect(await list({ user_id: 8 })).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 0,
    });
  });

  it('answers a call in full, and NOT_FOUND for one that does not exist', async () => {
    await store.add(aCall({ reasons: [{ item: 'Keep', reason: 'too plain' }] }));
    expect(await handlers.get({ id: 1 })).toMatchObject({
      id: 1,
      user_name: 'ada',
      messages: [{ role: 'user', content: 'Three kinds of castle.' }],
      reasons: [{ item: 'Keep', reason: 'too plain' }],
    });
    await expect(handlers.get({ id: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: AI_CALL_NOT_FOUND,
    });
  });

  it('exports the header and each call through the one CSV writer, a text read as a formula neutralised', async () => {
    store.userNames.set(9, '@mallory');
    await store.add(aCall({ user_id: 9, outcome: 'failed', failure: '=HYPERLINK("http://x.test","Open")' }));
    const answer = await handlers.export(ops.export.request.parse({}));
    expect(answer).toMatchObject({ rows: 1, truncated: false });
    expect(answer.csv.split('\r\n')).toEqual([
      'id,created_at,user_id,user_name,purpose,model,outcome,failure,prompt_tokens,completion_tokens,cost_usd,' +
        'latency_ms,job_id',
      `1,2026-03-10T12:00:00.000Z,9,'@mallory,types,gpt-4o-mini,failed,"'=HYPERLINK(""http://x.test"",""Open"")",` +
        '100,20,0.25,420,',
      '',
    ]);
  });

  it('exports the newest AI_CALL_EXPORT_MAX_ROWS calls and says the export was cut', async () => {
    for (let index = 0; index <= AI_CALL_EXPORT_MAX_ROWS; index += 1) await store.add(aCall());
    const answer = await handlers.export(ops.export.request.parse({}));
    expect(answer).toMatchObject({ rows: AI_CALL_EXPORT_MAX_ROWS, truncated: true });
    const lines = answer.csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(AI_CALL_EXPORT_MAX_ROWS + 1);
    expect([lines[1]!.split(',')[0], lines.at(-1)!.split(',')[0]]).toEqual([
      String(AI_CALL_EXPORT_MAX_ROWS + 1),
      '2',
    ]);
  });

  it('answers every day of the range oldest first, a day without calls with zeros, today last, and the sums', async () => {
    const on = async (time: string, call: NewAiCall) => {
      store.clock = new Date(time);
      await store.add(call);
    };
    await on('2026-03-07T23:59:59.000Z', aCall());
    await on('2026-03-08T00:00:00.000Z', aCall());
    await on(
      '2026-03-08T18:30:00.000Z',
      aCall({ outcome: 'failed', completion_tokens: null, cost_usd: 0.5 }),
    );
    await on('2026-03-10T07:00:00.000Z', aCall({ user_id: 8, outcome: 'cancelled' }));

    const everyone = await handlers.usage(ops.usage.request.parse({ days: 3 }));
    const zeros = { calls: 0, failed: 0, cancelled: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
    expect(everyone.user_id).toBeNull();
    expect(everyone.days).toEqual([
      {
        day: '2026-03-08',
        calls: 2,
        failed: 1,
        cancelled: 0,
        prompt_tokens: 200,
        completion_tokens: 20,
        cost_usd: 0.75,
      },
      { day: '2026-03-09', ...zeros },
      {
        day: '2026-03-10',
        calls: 1,
        failed: 0,
        cancelled: 1,
        prompt_tokens: 100,
        completion_tokens: 20,
        cost_usd: 0.25,
      },
    ]);
    expect(everyone.today).toEqual(everyone.days[2]);
    expect(everyone.total).toEqual({
      calls: 3,
      failed: 1,
      cancelled: 1,
      prompt_tokens: 300,
      completion_tokens: 40,
      cost_usd: 1,
    });

    const ada = await handlers.usage(ops.usage.request.parse({ days: 3, user_id: 7 }));
    expect([ada.user_id, ada.today, ada.total.calls]).toEqual([7, { day: '2026-03-10', ...zeros }, 2]);
    expect((await handlers.usage(ops.usage.request.parse({}))).days).toHaveLength(30);
  });
});

import { aiCallEvents, type AiCallOutcome, type ChatRequest } from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { boundedText } from './bounded-text';
import { SUMMARY_COLUMNS, toSummary, type CallRow } from './call-row';

/** What one provider call came to, as the recording provider saw it. */
export interface CallOutcome {
  request: ChatRequest;
  model: string;
  reply: string | null;
  tokens: { promptTokens: number; completionTokens: number } | null;
  costUsd: number | null;
  latencyMs: number;
  outcome: AiCallOutcome;
  failure: string | null;
}

/** A key-like string ('sk-…', 'Bearer …') never reaches the table, whatever a provider's error text holds. */
const SECRET = /\b(sk-[A-Za-z0-9_-]{6,}|Bearer\s+[A-Za-z0-9._-]+)/gu;

/** Writes ai_calls rows and their `evt.ai.call.recorded` event in one transaction (the outbox). */
export class CallStore {
  constructor(
    private readonly writer: OutboxWriter,
    private readonly schema: string,
  ) {}

  async record(call: CallOutcome): Promise<void> {
    let cut = false;
    const messages = call.request.messages.map((message) => {
      const bounded = boundedText(message.content);
      cut ||= bounded.cut;
      return { role: message.role, content: bounded.text };
    });
    const reply = call.reply === null ? null : boundedText(call.reply);
    cut ||= reply?.cut ?? false;
    const audit = call.request.audit;
    await this.writer.write(async (tx) => {
      const [inserted] = await tx.execute<Array<{ id: string }>>(
        `insert into "${this.schema}"."ai_calls" ("user_id", "purpose", "model", "job_id", "messages", "reply",
           "cut", "prompt_tokens", "completion_tokens", "cost_usd", "latency_ms", "outcome", "failure", "reasons")
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning "id"`,
        [
          audit?.userId ?? null,
          audit?.purpose ?? 'chat',
          call.model,
          audit?.jobId ?? null,
          JSON.stringify(messages),
          reply?.text ?? null,
          cut,
          call.tokens?.promptTokens ?? null,
          call.tokens?.completionTokens ?? null,
          call.costUsd,
          Math.round(call.latencyMs),
          call.outcome,
          call.failure === null ? null : boundedText(call.failure.replace(SECRET, '[secret]')).text,
          JSON.stringify(audit?.reasons ?? []),
        ],
      );
      const [row] = await tx.execute<CallRow[]>(
        `select ${SUMMARY_COLUMNS} from "${this.schema}"."ai_calls" c
         left join "${this.schema}"."user_names" n on n."user_id" = c."user_id" where c."id" = ?`,
        [inserted!.id],
      );
      recordEvent(tx, aiCallEvents.recorded, { userId: audit?.userId ?? null, call: toSummary(row!) }, {});
    });
  }
}

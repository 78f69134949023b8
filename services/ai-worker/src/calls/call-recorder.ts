import { type EntityManager } from '@mikro-orm/postgresql';
import { aiCallEvents, type AiCallOutcome, type ChatRequest } from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { type AiCallStore } from './ai-calls';
import { boundedText } from './bounded-text';

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

/**
 * Records a call (its texts bounded, secrets masked) and its `evt.ai.call.recorded` event in one transaction (the
 * outbox), through the AiCallStore on that transaction.
 */
export class CallRecorder {
  constructor(
    private readonly writer: OutboxWriter,
    private readonly calls: (tx: EntityManager) => AiCallStore,
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
      const recorded = await this.calls(tx).add({
        user_id: audit?.userId ?? null,
        purpose: audit?.purpose ?? 'chat',
        model: call.model,
        job_id: audit?.jobId ?? null,
        messages,
        reply: reply?.text ?? null,
        cut,
        prompt_tokens: call.tokens?.promptTokens ?? null,
        completion_tokens: call.tokens?.completionTokens ?? null,
        cost_usd: call.costUsd,
        latency_ms: Math.round(call.latencyMs),
        outcome: call.outcome,
        failure: call.failure === null ? null : boundedText(call.failure.replace(SECRET, '[secret]')).text,
        reasons: audit?.reasons ?? [],
      });
      recordEvent(tx, aiCallEvents.recorded, { userId: audit?.userId ?? null, call: recorded }, {});
    });
  }
}

import { type ChatRequest, type ChatResponse } from '@promptloom/proto';
import { aiCallCostUsdTotal, aiCallsTotal, aiCallTokensTotal, type Logger } from '@promptloom/shared';
import { ProviderCancelled, type AiProvider, type CompleteOptions, type ReceivedSoFar } from '../provider';
import { type CallOutcome, type CallRecorder } from './call-recorder';
import { estimateCost, type PriceTable } from './prices';

type Tokens = NonNullable<ChatResponse['usage']>;

/**
 * Records every provider call (user, purpose, model, messages, reply, tokens, latency, outcome, estimated cost)
 * around the real provider. The row is written after the answer has gone back, without being awaited: a slow or
 * failing database never slows or breaks the user's run; a failed write is logged. `settle` waits for the writes
 * still under way (the worker's stop).
 */
export class RecordingProvider implements AiProvider {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly inner: AiProvider,
    private readonly recorder: CallRecorder,
    private readonly prices: PriceTable,
    private readonly logger: Logger,
    /** The provider model a name is served by (AI_MODELS, AI_MODEL_MAP): what a failed call is recorded under. */
    private readonly providerModelOf: (model: string) => string = (model) => model,
  ) {}

  get offline(): boolean {
    return this.inner.offline;
  }

  get name(): string | undefined {
    return this.inner.name;
  }

  async complete(request: ChatRequest, options?: CompleteOptions): Promise<ChatResponse> {
    const started = performance.now();
    const base = {
      request,
      model: this.providerModelOf(request.model),
      reply: null,
      tokens: null,
      costUsd: null,
    };
    try {
      const response = await this.inner.complete(request, options);
      const tokens = tokensOf(response);
      this.record({
        ...base,
        model: response.model || base.model,
        reply: response.content,
        tokens,
        costUsd: estimateCost(this.prices, response.model || base.model, tokens),
        latencyMs: performance.now() - started,
        outcome: 'ok',
        failure: null,
      });
      return response;
    } catch (error) {
      if (error instanceof ProviderCancelled) {
        this.record({
          ...base,
          ...this.cancelled(error, base.model),
          latencyMs: performance.now() - started,
        });
        throw error;
      }
      this.record({
        ...base,
        latencyMs: performance.now() - started,
        outcome: 'failed',
        failure: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }

  /** A cancelled call, with the reply and tokens a stream had brought so far and their estimated cost. */
  private cancelled(error: ProviderCancelled, configuredModel: string) {
    const received = error.received;
    if (!received) return { outcome: 'cancelled' as const, failure: error.message };
    const model = received.model ?? configuredModel;
    return {
      outcome: 'cancelled' as const,
      failure: `${error.message} ${tokensSoFarNote(received)}`,
      model,
      reply: received.content,
      tokens: received.usage,
      costUsd: estimateCost(this.prices, model, received.usage),
    };
  }

  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private record(call: CallOutcome): void {
    count(call);
    const write = this.recorder
      .record(call)
      .catch((error: unknown) =>
        this.logger.error(
          {
            err: error instanceof Error ? error.message : String(error),
            purpose: call.request.audit?.purpose,
          },
          'ai call not recorded',
        ),
      )
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }
}

/** The provider's token counts, when the response carries them (null offline and from some servers). */
function tokensOf(response: ChatResponse): Tokens | null {
  return response.usage ?? null;
}

/** The call in the `ai_calls_total`, `ai_call_tokens_total` and `ai_call_cost_usd_total` counters. */
function count(call: CallOutcome): void {
  const { model } = call;
  aiCallsTotal.inc({ model, outcome: call.outcome });
  if (call.tokens) {
    aiCallTokensTotal.inc({ model, kind: 'input' }, call.tokens.promptTokens);
    aiCallTokensTotal.inc({ model, kind: 'output' }, call.tokens.completionTokens);
  }
  if (call.costUsd) aiCallCostUsdTotal.inc({ model }, call.costUsd);
}

/** How a cancelled call's tokens were counted, for the admin reading its row. */
function tokensSoFarNote(received: ReceivedSoFar): string {
  const prompt = received.promptEstimated ? 'estimated from the request' : 'as the provider reported them';
  return `Reply tokens counted from what streamed before the cancel; prompt tokens ${prompt}.`;
}

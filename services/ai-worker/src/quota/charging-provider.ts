import { type ChatRequest, type ChatResponse } from '@promptloom/proto';
import { type Logger } from '@promptloom/shared';
import {
  ProviderCancelled,
  ProviderError,
  type AiProvider,
  type CompleteOptions,
} from '../provider/ai-provider';
import { type AiQuotas } from './ai-quota';

/**
 * Charges every provider call's real tokens to the user it was made for, before the caller sees the answer, so the
 * caller's settlement (which gives the reservation back) never leaves a moment where the tokens are counted nowhere.
 * A job's call that the provider answered, even with an error, or that its user cancelled, marks the job's
 * reservation answered: only a job whose provider never answered gets its call back.
 */
export class ChargingProvider implements AiProvider {
  constructor(
    private readonly inner: AiProvider,
    private readonly quotas: AiQuotas,
    private readonly logger: Logger,
  ) {}

  get offline(): boolean {
    return this.inner.offline;
  }

  get name(): string | undefined {
    return this.inner.name;
  }

  async complete(request: ChatRequest, options?: CompleteOptions): Promise<ChatResponse> {
    let response: ChatResponse;
    try {
      response = await this.inner.complete(request, options);
    } catch (error) {
      // Cancelled by its user: the call counts, with the tokens its stream had brought (AI Calls records the same).
      if (error instanceof ProviderCancelled) {
        const usage = error.received?.usage;
        await this.charge(request, usage ? usage.promptTokens + usage.completionTokens : 0);
      }
      // Answered with an error: the call counts (its tokens, if any, are unknown).
      if (error instanceof ProviderError && error.status !== undefined) await this.charge(request, 0);
      throw error;
    }
    const usage = response.usage;
    await this.charge(request, usage ? usage.promptTokens + usage.completionTokens : 0);
    return response;
  }

  /** A failed charge is logged, not thrown: the user's answer has come, and AI Calls still records the call. */
  private async charge(request: ChatRequest, tokens: number): Promise<void> {
    const audit = request.audit;
    if (!audit?.userId) return;
    await this.quotas
      .charge(audit.userId, tokens, audit.jobId ?? undefined)
      .catch((error: unknown) =>
        this.logger.error(
          { err: error instanceof Error ? error.message : String(error), purpose: audit.purpose },
          'ai tokens not charged',
        ),
      );
  }
}

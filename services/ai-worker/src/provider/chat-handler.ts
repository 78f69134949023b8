import {
  DomainError,
  REFINE_DEFAULT_MODEL,
  SIGNATURE_SWAP_MODEL,
  SUB_ELEMENT_MODEL,
  type AiModelsResponse,
  type ChatRequest,
  type ChatResponse,
  type RequestContext,
  type UserChatRequest,
} from '@promptloom/proto';
import { type Logger } from '@promptloom/shared';
import { type AiQuotas } from '../quota/ai-quota';
import { estimateChatTokens } from '../quota/token-estimate';
import { ProviderError, providerFailureMessage, type AiProvider } from './ai-provider';
import { type OfferedModels } from './offered-models';

const OFFLINE_SUFFIX = ' (offline)';

/** `svc.ai.chat` (the `/api/chat` proxy, refine, signature swap) and the model list. */
export class ChatHandlers {
  constructor(
    private readonly provider: AiProvider,
    private readonly logger: Logger,
    private readonly quotas: AiQuotas,
    private readonly offered: OfferedModels,
  ) {}

  /** A signed-in user's own chat (`/api/chat`): offered models only (AI_MODELS), counted against their quota. */
  async userChat(request: UserChatRequest, userId: number): Promise<ChatResponse> {
    this.offered.check(request.model, 'model');
    return this.reserved(userId, { ...request, audit: { userId, purpose: 'chat' } });
  }

  /** Chat for other services (refine, signature swap): counted against the user they act for, if any. */
  async chat(request: ChatRequest, context: RequestContext): Promise<ChatResponse> {
    // Recorded for the user the caller acts for, whoever the request names.
    const audit = request.audit && context.actor && { ...request.audit, userId: context.actor.userId };
    const call = { ...request, audit: audit || undefined };
    return context.actor ? this.reserved(context.actor.userId, call) : this.complete(call);
  }

  /** The call with one call and its estimated tokens reserved first, settled once it ends however it ends. */
  private async reserved(userId: number, request: ChatRequest): Promise<ChatResponse> {
    const estimate = estimateChatTokens(request, this.quotas.replyTokensEstimate);
    const reservation = await this.quotas.reserve(userId, estimate);
    let answered = false;
    try {
      const response = await this.provider.complete(request);
      answered = true;
      return response;
    } catch (error) {
      // A provider that answered with an error still counts the call; one that never answered does not.
      answered = error instanceof ProviderError && error.status !== undefined;
      throw this.failure(request, error);
    } finally {
      await this.quotas.settle(reservation, answered);
    }
  }

  private async complete(request: ChatRequest): Promise<ChatResponse> {
    try {
      return await this.provider.complete(request);
    } catch (error) {
      throw this.failure(request, error);
    }
  }

  /** A provider outage is a bad gateway (502) naming the provider, not an internal error of ours. */
  private failure(request: ChatRequest, error: unknown): unknown {
    if (!(error instanceof ProviderError)) return error;
    this.logger.warn({ model: request.model, status: error.status, detail: error.message }, 'chat failed');
    return new DomainError('BAD_GATEWAY', providerFailureMessage(this.provider, error));
  }

  models(): AiModelsResponse {
    const offline = this.provider.offline;
    return {
      offline,
      models: this.offered.labels.map((id) => ({
        id,
        label: offline ? `${id}${OFFLINE_SUFFIX}` : id,
        offline,
      })),
      internal: {
        sub_elements: SUB_ELEMENT_MODEL,
        refine: REFINE_DEFAULT_MODEL,
        signature_swap: SIGNATURE_SWAP_MODEL,
      },
    };
  }
}

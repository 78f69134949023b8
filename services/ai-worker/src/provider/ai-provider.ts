import { type ChatRequest, type ChatResponse } from '@promptloom/proto';

/** The one way the worker reaches a chat model: the OpenAI-compatible provider, or the offline word lists. */
export interface AiProvider {
  /** True for the word-list provider used when no key is configured. */
  readonly offline: boolean;
  /** The reply text ('' when the model answered nothing); throws ProviderError when the provider fails. */
  complete(request: ChatRequest): Promise<ChatResponse>;
}

/** The provider failed after its retries; the detail is for logs, the user sees SPEC §8's message. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Retries after the first attempt on connection errors, 408, 409, 429 and 5xx; default 2. */
  maxRetries?: number;
}

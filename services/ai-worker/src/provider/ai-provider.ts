import { AI_FAILURE_MESSAGE, type ChatRequest, type ChatResponse, type ChatUsage } from '@promptloom/proto';

/** The one way the worker reaches a chat model: the OpenAI-compatible provider, or the offline word lists. */
export interface AiProvider {
  /** True for the word-list provider used when no key is configured. */
  readonly offline: boolean;
  /** How the provider is named to users when it fails ('api.openai.com'); 'OpenAI-compatible' when absent. */
  readonly name?: string;
  /**
   * The reply text ('' when the model answered nothing); throws ProviderError when the provider fails, and
   * ProviderCancelled when `options.signal` aborted the call.
   */
  complete(request: ChatRequest, options?: CompleteOptions): Promise<ChatResponse>;
}

/** How one call is made; a decorator passes these through unchanged. */
export interface CompleteOptions {
  /** Aborts the provider call (the HTTP request is closed); the call rejects with ProviderCancelled. */
  signal?: AbortSignal;
  /** Asks for a streamed reply and receives each piece of text as it arrives, in order. */
  onText?: (delta: string) => void;
  /**
   * Asks for JSON matching this JSON schema where the provider supports structured output (AI_STRUCTURED_OUTPUT);
   * a provider that does not answers in text, so the caller reads either.
   */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

/** The caller aborted the call (a cancelled run); not a provider failure. */
export class ProviderCancelled extends Error {
  constructor(
    /** What a streamed reply had brought when it was cancelled; null when nothing had come (or not streamed). */
    readonly received: ReceivedSoFar | null = null,
  ) {
    super('The AI provider call was cancelled.');
    this.name = 'ProviderCancelled';
  }
}

/** The part of a streamed reply that arrived before its call was cancelled, and its tokens (`usage-so-far.ts`). */
export interface ReceivedSoFar {
  content: string;
  /** The model the provider named in its chunks; null when no chunk named one. */
  model: string | null;
  usage: ChatUsage;
  /** True when the provider had not reported the prompt's tokens and they are estimated from the request. */
  promptEstimated: boolean;
}

/** Structured output: `auto` uses it with OpenAI itself, not with other OpenAI-compatible servers. */
export type StructuredOutputSetting = 'auto' | 'on' | 'off';

/** The message a user sees when the provider failed after its retries: SPEC §8's, then who did not answer. */
export function providerFailureMessage(provider: AiProvider, error?: ProviderError): string {
  const tries = error?.tries ?? 1;
  const after = tries > 1 ? ` after ${tries} tries` : '';
  return `${AI_FAILURE_MESSAGE} The AI provider (${providerNameOf(provider)}) did not answer${after}. Try again later.`;
}

export const providerNameOf = (provider: AiProvider): string => provider.name ?? 'OpenAI-compatible';

/** The provider failed after its retries; the detail is for logs, the user sees `providerFailureMessage`. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** How many requests this call made (the first and the SDK's retries). */
    readonly tries = 1,
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
  /**
   * AI_MODEL_MAP: the model the provider is asked for, by the product's model name (e.g. gpt-4o → llama3.1:8b for a
   * local Ollama); a name not in it is sent as it is.
   */
  modelMap?: Readonly<Record<string, string>>;
  /** AI_PROVIDER_NAME: how users see the provider named when it fails; default its kind (see OpenAiProvider). */
  name?: string;
  /** AI_STRUCTURED_OUTPUT; default auto. */
  structuredOutput?: StructuredOutputSetting;
}

import OpenAI from 'openai';
import { type ChatRequest, type ChatResponse } from '@promptloom/proto';
import { providerRequestDuration } from '@promptloom/shared';
import { ProviderError, type AiProvider, type ProviderOptions } from './ai-provider';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;
export const DEFAULT_PROVIDER_RETRIES = 2;

/** Any OpenAI-compatible server through the `openai` SDK; the key stays in this object and never leaves it. */
export class OpenAiProvider implements AiProvider {
  readonly offline = false;
  readonly name: string;
  private readonly client: OpenAI;

  constructor(options: ProviderOptions & { apiKey: string }) {
    // Named, not located: the base URL of a self-hosted server is the operator's business.
    this.name = options.baseUrl ? 'OpenAI-compatible server' : 'OpenAI';
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_PROVIDER_RETRIES,
    });
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const stop = providerRequestDuration.startTimer();
    let outcome = 'ok';
    try {
      const completion = await this.client.chat.completions.create({
        model: request.model,
        messages: request.messages,
        max_tokens: request.max_tokens,
        temperature: request.temperature,
        frequency_penalty: request.frequency_penalty,
      });
      const content = completion.choices[0]?.message?.content ?? '';
      const usage = completion.usage
        ? {
            promptTokens: completion.usage.prompt_tokens,
            completionTokens: completion.usage.completion_tokens,
          }
        : null;
      return { content: content.trim(), model: completion.model || request.model, usage, offline: false };
    } catch (error) {
      // The SDK's messages name the status and the provider's text, never the key.
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      outcome = status === undefined ? 'no_answer' : String(status);
      const detail = error instanceof Error ? error.message : String(error);
      throw new ProviderError(`AI provider failed: ${detail}`, status);
    } finally {
      stop({ outcome });
    }
  }
}

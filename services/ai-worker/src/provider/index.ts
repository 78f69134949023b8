import { type AiProvider, type ProviderOptions } from './ai-provider';
import { OfflineProvider } from './offline-provider';
import { OpenAiProvider } from './openai-provider';

export * from './ai-provider';
export * from './offline-provider';
export * from './openai-provider';

/** The provider the configuration asks for: OpenAI-compatible with a key, the offline word lists without. */
export function createProvider(options: ProviderOptions): AiProvider {
  return options.apiKey ? new OpenAiProvider({ ...options, apiKey: options.apiKey }) : new OfflineProvider();
}
export * from './reply-guard';

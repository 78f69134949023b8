export * from './ai-worker';
export { jobSettingsOf, loadWorkerSettings, type JobSettings } from './worker-settings';
export {
  MAX_REPLY_CHARS,
  OfflineProvider,
  OpenAiProvider,
  ProviderCancelled,
  ProviderError,
  createProvider,
  type AiProvider,
  type CompleteOptions,
  type ReceivedSoFar,
} from './provider';
export { estimatePromptTokens } from './quota/token-estimate';
export { aiMigrations } from './migrations';
export { aiWorkerSettings } from './worker-settings';
export { nameKeyOf } from './lists/list-item.entity';

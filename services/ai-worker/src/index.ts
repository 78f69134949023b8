export * from './ai-worker';
export { OfflineProvider, OpenAiProvider, ProviderError, createProvider, type AiProvider } from './provider';
export { aiMigrations } from './migrations';
export { aiWorkerSettings } from './worker-settings';

export * from './ai-worker';
export { jobSettingsOf, loadWorkerSettings, type JobSettings } from './worker-settings';
export { OfflineProvider, OpenAiProvider, ProviderError, createProvider, type AiProvider } from './provider';
export { aiMigrations } from './migrations';
export { aiWorkerSettings } from './worker-settings';

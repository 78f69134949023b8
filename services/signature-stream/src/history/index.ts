export { PromptHistoryHandlers, PROMPT_VERSION_NOT_FOUND } from './prompt-history-handlers';
export { PromptVersions, type PromptVersionStore } from './prompt-versions';
export {
  DEFAULT_PROMPT_VERSION_LIMIT,
  PromptVersionLimit,
  promptVersionsLimitedMessage,
  type PromptVersionLimitSettings,
} from './prompt-version-limit';

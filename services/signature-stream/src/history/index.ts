export { PromptHistoryHandlers, PROMPT_VERSION_NOT_FOUND } from './prompt-history-handlers';

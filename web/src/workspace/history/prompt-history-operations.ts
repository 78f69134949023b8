export {
  PromptHistoryDocument as PROMPT_HISTORY,
  PromptVersionWithPreviousDocument as PROMPT_VERSION_WITH_PREVIOUS,
  PromptVersionSavedDocument as PROMPT_VERSION_SAVED,
  RestoreSelectionDocument as RESTORE_SELECTION,
  SavePromptVersionDocument as SAVE_PROMPT_VERSION,
  type PromptVersionFieldsFragment as PromptVersionView,
} from '../../generated/graphql';

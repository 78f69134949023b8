export { RefinePromptDocument as REFINE_PROMPT } from '../../generated/graphql';

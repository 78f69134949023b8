import { type PreviousSettingsQuery } from '../../generated/graphql';

export {
  AiModelsDocument as AI_MODELS,
  GenerationFailedDocument as GENERATION_FAILED,
  ListJobsDoneDocument as LIST_JOBS_DONE,
  PreviousSettingsDocument as PREVIOUS_SETTINGS,
  RunAgentDocument as RUN_AGENT,
  type RunAgentInput,
} from '../../generated/graphql';

export type PreviousSettings = PreviousSettingsQuery['previousSettings'];

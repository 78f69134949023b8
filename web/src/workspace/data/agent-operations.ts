import { type MyAiQuotaQuery, type PreviousSettingsQuery } from '../../generated/graphql';

export {
  AiModelsDocument as AI_MODELS,
  CancelRunDocument as CANCEL_RUN,
  GenerationFailedDocument as GENERATION_FAILED,
  ListJobsDoneDocument as LIST_JOBS_DONE,
  MyAiQuotaDocument as MY_AI_QUOTA,
  PreviousSettingsDocument as PREVIOUS_SETTINGS,
  RunAgentDocument as RUN_AGENT,
  type RunAgentInput,
} from '../../generated/graphql';

export type PreviousSettings = PreviousSettingsQuery['previousSettings'];

/** The signed-in user's AI calls left today, shown beside the Run button. */
export type AiQuotaView = MyAiQuotaQuery['myAiQuota'];

import {
  type AdminAiCallsQuery,
  type AdminAiUsageQuery,
  type AiCallFilterInput,
} from '../../generated/graphql';

export {
  AdminAiCallDocument as ADMIN_AI_CALL,
  AdminAiCallsDocument as ADMIN_AI_CALLS,
  AdminAiCallsCsvDocument as ADMIN_AI_CALLS_CSV,
  AdminAiUsageDocument as ADMIN_AI_USAGE,
  AiCallRecordedDocument as AI_CALL_RECORDED,
} from '../../generated/graphql';

export type AiCallRow = AdminAiCallsQuery['adminAiCalls']['data'][number];
export type AiUsageDay = AdminAiUsageQuery['adminAiUsage']['days'][number];
export type AiCallFilter = AiCallFilterInput;

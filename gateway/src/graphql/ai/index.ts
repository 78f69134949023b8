import { aiEvents } from '@promptloom/proto';
import { AiGenerationResolver } from './ai-generation-resolver';
import { AiListResolver } from './ai-list-resolver';
import { AiQuotaResolver } from './ai-quota-resolver';
import { AiSelectionResolver } from './ai-selection-resolver';
import { AiSubElementResolver } from './ai-sub-element-resolver';
import { AiSubscriptions } from './ai-subscriptions';

/** The AI worker's GraphQL: lists, sub-elements, previous settings, generation, selection, live updates. */
export const AI_RESOLVERS = [
  AiListResolver,
  AiSubElementResolver,
  AiGenerationResolver,
  AiSelectionResolver,
  AiQuotaResolver,
  AiSubscriptions,
] as const;

/** The events `afterSequence` resumes (listUpdated, subElementsUpdated, generationFailed). */
export const RESUMABLE_AI_EVENTS = [
  aiEvents.listUpdated,
  aiEvents.subElementsUpdated,
  aiEvents.generationFailed,
] as const;

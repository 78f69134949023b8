import { z } from 'zod';
import { ListFamily } from '../enums';
import { recordId } from '../fields';
import {
  AGENT_ROLE_MAX_LENGTH,
  AGENT_ROLE_TOO_LONG_MESSAGE,
  AGENT_RUN_INVALID_MESSAGE,
  FREQUENCY_TOO_HIGH_MESSAGE,
  MAX_FREQUENCY,
  MODEL_PLACEHOLDER,
  REFERENCE_NAME_MAX_LENGTH,
  REFERENCE_NAME_TOO_LONG_MESSAGE,
} from '../rules/agent';
import { modelChoice } from './chat';
import { ListFamilyInput, frequencyField, levelsField } from './lists';
import { ReasonsUsed } from './guidance';

/** SPEC §8: what the user sees when the provider fails, and when it answers nothing. */
export const AI_FAILURE_MESSAGE = 'Error occurred while processing.';
export const AI_EMPTY_MESSAGE = 'No response from AI.';
/** The reply was not in the asked-for format twice in a row (a structured reply that did not parse). */
export const AI_MALFORMED_MESSAGE =
  'Error occurred while processing: the AI answered in an unexpected format twice. Please run it again.';
/** A job that kept failing (provider or database unavailable) until its retry deadline passed. */
export const AI_GAVE_UP_MESSAGE =
  'Error occurred while processing: the AI service was unavailable for too long. Please run it again.';

/** A job whose provider kept failing (timeouts, 429, 5xx) through every retry: who did not answer, how often. */
export const aiProviderGaveUpMessage = (provider: string, tries: number): string =>
  `Error occurred while processing: the AI provider (${provider}) did not answer after ${tries} ${tries === 1 ? 'try' : 'tries'}. Try again later.`;

/** The durable work queue generation jobs travel on. */
export const GENERATION_QUEUE = 'ai.generation';

const jobId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/u, { error: 'The job id must be 8 to 64 letters, digits, - or _.' });

/** Run of an agent panel (SPEC §2 "run button"): becomes a job; the list arrives by `evt.ai.list.updated`. */
export const RunAgentRequest = z.object({
  family: ListFamilyInput,
  user_id: recordId,
  levels: levelsField,
  // Empty or the selector's placeholder: the spec's message; a model not offered (AI_MODELS): the worker names them.
  ai_model: z
    .string({ error: AGENT_RUN_INVALID_MESSAGE })
    .trim()
    .min(1, { error: AGENT_RUN_INVALID_MESSAGE })
    .refine((model) => model !== MODEL_PLACEHOLDER, { error: AGENT_RUN_INVALID_MESSAGE, abort: true })
    .pipe(modelChoice('ai_model')),
  frequency: z.coerce
    .number({ error: AGENT_RUN_INVALID_MESSAGE })
    .int({ error: AGENT_RUN_INVALID_MESSAGE })
    .min(1, { error: AGENT_RUN_INVALID_MESSAGE })
    .max(MAX_FREQUENCY, { error: FREQUENCY_TOO_HIGH_MESSAGE }),
  agent_role: z.string().trim().max(AGENT_ROLE_MAX_LENGTH, { error: AGENT_ROLE_TOO_LONG_MESSAGE }).nullish(),
  name: z
    .string()
    .trim()
    .max(REFERENCE_NAME_MAX_LENGTH, { error: REFERENCE_NAME_TOO_LONG_MESSAGE })
    .nullish(),
  /** Types only: the seeds kept before new types (default: SPEC §5's list). */
  seeds: z.array(z.string().trim().min(1).max(29)).max(4).optional(),
  /** Idempotency key: the same id sent twice runs once. Generated when absent. */
  job_id: jobId.optional(),
});
export type RunAgentRequest = z.output<typeof RunAgentRequest>;

/** Generation of one element's sub-elements (SPEC §2 element detail: "generation runs on load"). */
export const GenerateSubElementsRequest = z.object({
  element_id: recordId,
  frequency: frequencyField.default(12),
  job_id: jobId.optional(),
});

/** A run is queued, or refused because the agent is not due yet. */
export const JOB_TICKET_STATUSES = ['queued', 'not_due'] as const;

export const JobTicket = z.object({
  /** Null when the run was not due (Types and Pro run only on or after the stored date). */
  job_id: z.string().nullable(),
  status: z.enum(JOB_TICKET_STATUSES),
  /** The first day the agent may run again, when not due. */
  next_date: z.string().nullable(),
  /** Issue 19: the user's reasons the run's prompt carries as guidance (newest first); empty when none. */
  reasons_used: ReasonsUsed.default([]),
});
export type JobTicket = z.infer<typeof JobTicket>;

/** What travels on the work queue. */
export const GenerationJob = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('list'),
    job_id: z.string(),
    user_id: z.number().int(),
    family: ListFamily,
    levels: z.number().int(),
    ai_model: z.string(),
    frequency: z.number().int(),
    agent_role: z.string().nullable(),
    name: z.string().nullable(),
    seeds: z.array(z.string()).optional(),
    today: z.string(),
    /** The reasons read when the run was asked for: the ones the ticket named are the ones the prompt carries. */
    reasons: ReasonsUsed.optional(),
  }),
  z.object({
    kind: z.literal('sub_elements'),
    job_id: z.string(),
    user_id: z.number().int(),
    element_id: z.number().int(),
    frequency: z.number().int(),
    /** The reasons on the element and its sub-elements read when asked for: the ticket's are the prompt's. */
    reasons: ReasonsUsed.optional(),
  }),
]);
export type GenerationJob = z.infer<typeof GenerationJob>;

/** Stop a running agent run (its Cancel button): the items stored so far stay. */
export const CancelRunRequest = z.object({ user_id: recordId, job_id: jobId });
export type CancelRunRequest = z.output<typeof CancelRunRequest>;
export const CancelRunResponse = z.object({ requested: z.boolean() });

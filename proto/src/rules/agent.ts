/** SPEC §9: the models a user can pick for Types and Elements generation. */
export const AI_MODELS = ['gpt-3.5-turbo', 'gpt-3.5-turbo-0125', 'gpt-4o', 'gpt-4-turbo'] as const;
export type AiModel = (typeof AI_MODELS)[number];

/** SPEC §9: the selector's label while no model is chosen. */
export const MODEL_PLACEHOLDER = 'Select Model';

/** SPEC §9: models used internally, never offered in a selector. */
export const SUB_ELEMENT_MODEL = 'o1';
export const REFINE_DEFAULT_MODEL = 'gpt-4-0125-preview';
export const SIGNATURE_SWAP_MODEL = 'gpt-4-turbo';

/** SPEC §2, §3: the TR/BR agent model list has this single entry. */
export const AGENT_MODEL_LABEL = 'Open AI';
/** SPEC §2: agent labels shown elsewhere. */
export const AGENT_LABELS = ['Open AI', 'Gemini', 'Chat GPT'] as const;

export const isAiModel = (model: string): model is AiModel =>
  (AI_MODELS as readonly string[]).includes(model);

/** SPEC §4: the agent model toggles between unset and 'Open AI'. */
export const toggleAgentModel = (current: string | null | undefined): string | null =>
  current === AGENT_MODEL_LABEL ? null : AGENT_MODEL_LABEL;

/** SPEC §5 messages, word for word. */
export const FREQUENCY_REQUIRED_MESSAGE = 'Please enter frequency.';
export const AGENT_RUN_INVALID_MESSAGE = 'Please enter a valid frequency first. or select any AI model';

/** The most items one run may ask for, and the longest agent role and reference name a run keeps. */
export const MAX_FREQUENCY = 100;
export const FREQUENCY_TOO_HIGH_MESSAGE = `The frequency must not be greater than ${MAX_FREQUENCY}.`;
export const AGENT_ROLE_MAX_LENGTH = 500;
export const AGENT_ROLE_TOO_LONG_MESSAGE = `The agent role must not be greater than ${AGENT_ROLE_MAX_LENGTH} characters.`;
export const REFERENCE_NAME_MAX_LENGTH = 255;
export const REFERENCE_NAME_TOO_LONG_MESSAGE = `The reference name must not be greater than ${REFERENCE_NAME_MAX_LENGTH} characters.`;

type FrequencyInput = string | number | null | undefined;

const frequencyText = (frequency: FrequencyInput): string =>
  frequency === null || frequency === undefined ? '' : String(frequency).trim();

/**
 * The frequency as a positive whole number, or null. It counts items, so '2.5', '0', '-3' and 'abc' are all
 * null; surrounding spaces are ignored.
 */
export function parseFrequency(frequency: FrequencyInput): number | null {
  const text = frequencyText(frequency);
  if (!/^\+?\d+$/u.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** SPEC §5: generation needs a frequency; empty after trimming → 'Please enter frequency.'. */
export function validateFrequencyEntered(frequency: FrequencyInput): string | null {
  return frequencyText(frequency) === '' ? FREQUENCY_REQUIRED_MESSAGE : null;
}

/**
 * SPEC §5: an agent run needs a valid frequency and a chosen model. An empty, zero, negative (or otherwise not
 * a whole number) frequency, or a model still on 'Select Model' (or blank), gives the spec's single message.
 */
export function validateAgentRun(input: {
  frequency: FrequencyInput;
  model: string | null | undefined;
}): string | null {
  const model = (input.model ?? '').trim();
  if (parseFrequency(input.frequency) === null || model === '' || model === MODEL_PLACEHOLDER) {
    return AGENT_RUN_INVALID_MESSAGE;
  }
  return null;
}

/** A frequency the server would refuse as too many items, with the server's words; null when it is not too high. */
export function validateFrequencyLimit(frequency: FrequencyInput): string | null {
  const value = parseFrequency(frequency);
  return value !== null && value > MAX_FREQUENCY ? FREQUENCY_TOO_HIGH_MESSAGE : null;
}

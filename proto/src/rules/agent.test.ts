import {
  AGENT_LABELS,
  AGENT_MODEL_LABEL,
  AGENT_RUN_INVALID_MESSAGE,
  AI_MODELS,
  FREQUENCY_REQUIRED_MESSAGE,
  MODEL_PLACEHOLDER,
  REFINE_DEFAULT_MODEL,
  SIGNATURE_SWAP_MODEL,
  SUB_ELEMENT_MODEL,
  isAiModel,
  parseFrequency,
  toggleAgentModel,
  validateAgentRun,
  validateFrequencyEntered,
  validateFrequencyLimit,
} from './agent';
import { RunAgentRequest } from '../ai/generation';

describe('model lists (SPEC §9)', () => {
  it('offers the four models with the Select Model placeholder', () => {
    expect(AI_MODELS).toEqual(['gpt-3.5-turbo', 'gpt-3.5-turbo-0125', 'gpt-4o', 'gpt-4-turbo']);
    expect(MODEL_PLACEHOLDER).toBe('Select Model');
    expect(isAiModel('gpt-4o')).toBe(true);
    expect(isAiModel('Select Model')).toBe(false);
  });

  it('names the internal models and agent labels', () => {
    expect(SUB_ELEMENT_MODEL).toBe('o1');
    expect(REFINE_DEFAULT_MODEL).toBe('gpt-4-0125-preview');
    expect(SIGNATURE_SWAP_MODEL).toBe('gpt-4-turbo');
    expect(AGENT_MODEL_LABEL).toBe('Open AI');
    expect(AGENT_LABELS).toEqual(['Open AI', 'Gemini', 'Chat GPT']);
  });

  it("toggles the agent model between unset and 'Open AI'", () => {
    expect(toggleAgentModel(null)).toBe('Open AI');
    expect(toggleAgentModel(undefined)).toBe('Open AI');
    expect(toggleAgentModel('Open AI')).toBeNull();
  });
});

describe('validateFrequencyEntered', () => {
  it("asks for a frequency when it is empty after trimming: 'Please enter frequency.'", () => {
    expect(FREQUENCY_REQUIRED_MESSAGE).toBe('Please enter frequency.');
    expect(validateFrequencyEntered('')).toBe(FREQUENCY_REQUIRED_MESSAGE);
    expect(validateFrequencyEntered('   ')).toBe(FREQUENCY_REQUIRED_MESSAGE);
    expect(validateFrequencyEntered(null)).toBe(FREQUENCY_REQUIRED_MESSAGE);
    expect(validateFrequencyEntered(undefined)).toBe(FREQUENCY_REQUIRED_MESSAGE);
  });

  it('passes any entered frequency', () => {
    expect(validateFrequencyEntered(' 5 ')).toBeNull();
    expect(validateFrequencyEntered(5)).toBeNull();
  });
});

describe('validateFrequencyLimit', () => {
  it("refuses more than 100 items in the server's words, and passes 100 or anything not yet a number", () => {
    expect(validateFrequencyLimit('101')).toBe('The frequency must not be greater than 100.');
    expect(validateFrequencyLimit(' 999 ')).toBe('The frequency must not be greater than 100.');
    expect(validateFrequencyLimit('100')).toBeNull();
    expect(validateFrequencyLimit('')).toBeNull();
    expect(validateFrequencyLimit('abc')).toBeNull();
  });

  it('says what the run request itself says of the same frequency', () => {
    const request = { family: 'tl', ai_model: 'gpt-4o', frequency: 999, user_id: 1 };
    const refused = RunAgentRequest.safeParse(request);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([validateFrequencyLimit('999')]);
  });

  it('names the agent role and the reference name when they are too long', () => {
    const request = { family: 'tl', ai_model: 'gpt-4o', frequency: 5, user_id: 1 };
    const refused = RunAgentRequest.safeParse({
      ...request,
      agent_role: 'r'.repeat(501),
      name: 'n'.repeat(256),
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'The agent role must not be greater than 500 characters.',
      'The reference name must not be greater than 255 characters.',
    ]);
  });
});

describe('validateAgentRun', () => {
  const message = 'Please enter a valid frequency first. or select any AI model';

  it('passes a positive frequency with a chosen model', () => {
    expect(validateAgentRun({ frequency: '5', model: 'gpt-4o' })).toBeNull();
    expect(validateAgentRun({ frequency: 10, model: 'Open AI' })).toBeNull();
  });

  it('rejects an empty, zero or negative frequency with the spec message', () => {
    expect(AGENT_RUN_INVALID_MESSAGE).toBe(message);
    for (const frequency of ['', '  ', null, undefined, '0', 0, '-2', -2]) {
      expect(validateAgentRun({ frequency, model: 'gpt-4o' })).toBe(message);
    }
  });

  it('rejects a frequency that is not a whole number', () => {
    expect(validateAgentRun({ frequency: 'abc', model: 'gpt-4o' })).toBe(message);
    expect(validateAgentRun({ frequency: '2.5', model: 'gpt-4o' })).toBe(message);
  });

  it("rejects a model still on 'Select Model' or unset", () => {
    expect(validateAgentRun({ frequency: '5', model: 'Select Model' })).toBe(message);
    expect(validateAgentRun({ frequency: '5', model: '' })).toBe(message);
    expect(validateAgentRun({ frequency: '5', model: null })).toBe(message);
  });
});

describe('parseFrequency', () => {
  it('reads a positive whole number', () => {
    expect(parseFrequency(' 7 ')).toBe(7);
    expect(parseFrequency('+3')).toBe(3);
    expect(parseFrequency(12)).toBe(12);
  });

  it('gives null for anything else', () => {
    for (const frequency of ['', '0', '-1', '1.5', '1e3', 'five', null, undefined, Number.NaN, 0]) {
      expect(parseFrequency(frequency)).toBeNull();
    }
  });
});

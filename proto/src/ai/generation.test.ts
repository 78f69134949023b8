import { parseInput } from '../validation';
import { RunAgentRequest } from './generation';
import { GenerationJob } from './generation';

const MESSAGE = 'Please enter a valid frequency first. or select any AI model';

describe('the Run of an agent', () => {
  it.each([
    [{ ai_model: 'Select Model', frequency: 5 }],
    [{ ai_model: 'gpt-4o', frequency: 0 }],
    [{ ai_model: 'gpt-4o', frequency: -2 }],
    [{ ai_model: 'gpt-4o', frequency: '' }],
    [{ ai_model: '', frequency: 5 }],
  ])("refuses %j with SPEC §5's message", (fields) => {
    expect(() => parseInput(RunAgentRequest, { family: 'tl', user_id: 1, ...fields })).toThrow(MESSAGE);
  });

  it('accepts a run with the string forms a form sends', () => {
    const run = parseInput(RunAgentRequest, {
      family: 'tr',
      user_id: '4',
      ai_model: 'gpt-4o',
      frequency: '5',
      levels: '2',
    });
    expect(run).toMatchObject({ user_id: 4, frequency: 5, levels: 2 });
  });

  it('reads both kinds of job', () => {
    expect(
      GenerationJob.safeParse({ kind: 'sub_elements', job_id: 'j', user_id: 1, element_id: 2, frequency: 6 })
        .success,
    ).toBe(true);
    expect(GenerationJob.safeParse({ kind: 'other' }).success).toBe(false);
  });
});

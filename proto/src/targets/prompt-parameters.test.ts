import { NO_ENHANCEMENTS } from '../rules/stream-prompt';
import { PromptParametersInput, keptParameterName, withParameters } from './prompt-parameters';
import { renderPrompt } from './render';

const selection = { types: ['Photography'], proItems: [], elements: [], signature: [] };

describe('withParameters', () => {
  it("replaces the target's value of the same parameter in place and appends the others", () => {
    expect(
      withParameters('--ar 16:9 --v 6 --q 2', [
        { flag: '--stylize', value: '250' },
        { flag: '--ar', value: '3:2' },
        { flag: '--tile', value: '' },
      ]),
    ).toBe('--ar 3:2 --v 6 --q 2 --s 250 --tile');
  });

  it('leaves the defaults alone without parameters, and ignores flags it cannot keep', () => {
    expect(withParameters('--ar 16:9 --v 7 --q 2')).toBe('--ar 16:9 --v 7 --q 2');
    expect(withParameters('--ar 16:9 --v 7 --q 2', [{ flag: '--v', value: '5' }])).toBe(
      '--ar 16:9 --v 7 --q 2',
    );
  });

  it('is what a Midjourney target ends with; the other targets write no flags', () => {
    const parameters = [{ flag: '--ar', value: '1:1' }];
    expect(renderPrompt('midjourney-7', { selection, toggles: NO_ENHANCEMENTS, parameters }).prompt).toBe(
      'Photography image. --ar 1:1 --v 7 --q 2',
    );
    expect(renderPrompt('sdxl', { selection, toggles: NO_ENHANCEMENTS, parameters }).prompt).not.toContain(
      '--',
    );
  });
});

describe('PromptParametersInput', () => {
  it('keeps Midjourney parameters other than --v, --niji and --no', () => {
    expect(keptParameterName('--stylize')).toBe('s');
    expect(keptParameterName('--v')).toBeNull();
    expect(keptParameterName('--no')).toBeNull();
    expect(keptParameterName('--made-up')).toBeNull();
    expect(PromptParametersInput.safeParse([{ flag: '--ar', value: '3:2' }]).success).toBe(true);
  });

  it('refuses an unknown flag, a value that holds a flag, and too many', () => {
    const messages = (input: unknown) =>
      PromptParametersInput.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages([{ flag: '--nonsense', value: '' }])).toEqual([
      'The flag must be a Midjourney parameter such as --ar or --stylize (not --v, --niji or --no).',
    ]);
    expect(messages([{ flag: '--ar', value: '3:2 --v 5' }])).toEqual([
      'The value must not hold another flag or a multi-prompt weight.',
    ]);
    expect(messages(Array.from({ length: 21 }, () => ({ flag: '--ar', value: '1:1' })))).toEqual([
      'The parameters must not have more than 20 entries.',
    ]);
  });
});

import { checkPrompt, repairPrompt } from './check';
import { applyFix, type PromptProblem } from './problems';

const only = (problems: PromptProblem[]): PromptProblem => {
  expect(problems).toHaveLength(1);
  return problems[0]!;
};
const marked = (text: string, problem: PromptProblem) => text.slice(problem.start, problem.end);

describe('checkPrompt for Midjourney', () => {
  it('says an out-of-range value with the chosen version’s real range, and fixes it', () => {
    const prompt = 'a red fox in snow --stylize 2000 --v 6';
    const problem = only(checkPrompt('midjourney-6', prompt));
    expect(problem).toMatchObject({
      field: 'prompt',
      message: '--stylize 2000 is above the 0–1000 that v6 accepts.',
      fix: { label: 'Use --stylize 1000', replacement: '1000' },
      code: 'out-of-range',
    });
    expect(marked(prompt, problem)).toBe('2000');
    expect(applyFix(prompt, problem)).toBe('a red fox in snow --stylize 1000 --v 6');
  });

  it('knows the quality each version takes', () => {
    expect(only(checkPrompt('midjourney-7', 'a fox --q .25')).message).toBe(
      '--q .25 is not a quality v7 accepts (1, 2 or 4).',
    );
    expect(checkPrompt('midjourney-6', 'a fox --q .25')).toEqual([]);
    expect(only(checkPrompt('midjourney-6.1', 'a fox --quality 4')).message).toBe(
      '--quality 4 is not a quality v6.1 accepts (.25, .5, 1 or 2).',
    );
  });

  it('points a flag to its counterpart on versions without it: --cref on v7 → --oref, --oref on v6 → --cref', () => {
    const v7 = 'a knight --cref https://example.com/k.png --cw 50';
    const problems = checkPrompt('midjourney-7', v7);
    expect(problems.map((problem) => problem.message)).toEqual([
      '--cref (character reference) does not work on Midjourney v7; use --oref there.',
      '--cw (character weight) does not work on Midjourney v7; use --ow there.',
    ]);
    // --cw 50 becomes --ow 50, inside --ow's 1–1000.
    expect(repairPrompt('midjourney-7', v7).prompt).toBe('a knight --oref https://example.com/k.png --ow 50');
    expect(
      only(checkPrompt('midjourney-6', 'a knight --oref https://example.com/k.png')).fix?.replacement,
    ).toBe('--cref');
  });

  it('flags unknown parameters, with a guess when one is close', () => {
    const typo = only(checkPrompt('midjourney-6', 'a fox --stylise 300'));
    expect(typo.message).toBe('--stylise is not a Midjourney parameter; did you mean --stylize?');
    expect(typo.fix).toEqual({ label: 'Change to --stylize', replacement: '--stylize' });
    const unknown = only(checkPrompt('midjourney-6', 'a fox --zoom 2 --tile'));
    expect(unknown.message).toBe('--zoom is not a Midjourney parameter.');
    expect(applyFix('a fox --zoom 2 --tile', unknown)).toBe('a fox --tile');
  });

  it('flags a parameter given twice and removes the second', () => {
    const prompt = 'a fox --ar 16:9 --v 6 --ar 1:1';
    const problem = only(checkPrompt('midjourney-6', prompt));
    expect(problem.message).toBe('--ar is given twice; Midjourney reads only one, so keep the one you mean.');
    expect(applyFix(prompt, problem)).toBe('a fox --ar 16:9 --v 6');
    expect(only(checkPrompt('midjourney-6', 'a fox --s 100 --stylize 200')).code).toBe('duplicate-parameter');
  });

  it('holds --v and --niji to the chosen target', () => {
    expect(only(checkPrompt('midjourney-6.1', 'a fox --v 7')).message).toBe(
      '--v 7 asks for another model than the chosen target, Midjourney v6.1.',
    );
    expect(repairPrompt('niji-6', 'a fox --v 6').prompt).toBe('a fox --niji 6');
    expect(repairPrompt('midjourney-7', 'a fox --niji 6').prompt).toBe('a fox --v 7');
  });

  it('moves words written after the parameters in front of them', () => {
    const prompt = 'a fox --ar 16:9 in the snow';
    const problem = only(checkPrompt('midjourney-6', prompt));
    expect(problem.message).toBe(
      '"in the snow" comes after the parameters, where Midjourney reads it as part of --ar. Words go before the parameters.',
    );
    expect(applyFix(prompt, problem)).toBe('a fox in the snow --ar 16:9');
  });

  it('turns a long dash from autocorrect back into two hyphens', () => {
    const problem = only(checkPrompt('midjourney-6', 'a fox —ar 16:9'));
    expect(problem.message).toBe('—ar starts with a long dash; Midjourney needs two hyphens: --ar.');
    expect(applyFix('a fox —ar 16:9', problem)).toBe('a fox --ar 16:9');
  });

  it('checks values: whole-number ratios, numbers, missing values', () => {
    expect(repairPrompt('midjourney-6', 'a fox --ar 1.5:1').prompt).toBe('a fox --ar 3:2');
    expect(only(checkPrompt('midjourney-6', 'a fox --chaos high')).message).toBe(
      '--chaos takes a number from 0–100, not "high".',
    );
    expect(only(checkPrompt('midjourney-6', 'a fox --seed')).message).toBe(
      '--seed needs a value: 0–4294967295.',
    );
    expect(only(checkPrompt('midjourney-6', 'a fox --no')).message).toBe(
      '--no needs a value: words to leave out.',
    );
  });

  it('checks multi-prompt weights and braces', () => {
    expect(checkPrompt('midjourney-6', 'space::2 ship::-0.5 --v 6')).toEqual([]);
    expect(only(checkPrompt('midjourney-6', 'space::-2 ship')).message).toBe(
      'The multi-prompt weights add up to -1; Midjourney needs a total above 0.',
    );
    expect(repairPrompt('midjourney-6', 'space:::2 ship').prompt).toBe('space::2 ship');
    expect(repairPrompt('midjourney-6', 'a {red, blue bird').prompt).toBe('a red, blue bird');
    expect(repairPrompt('midjourney-6', 'a (fox:1.3) in snow').prompt).toBe('a fox::1.3 in snow');
  });

  it('says so when there are only parameters', () => {
    expect(only(checkPrompt('midjourney-6', '--ar 16:9')).code).toBe('no-text');
  });
});

describe('checkPrompt for Stable Diffusion XL and Flux', () => {
  it('marks unbalanced parentheses and brackets, and removes the stray one', () => {
    const prompt = 'a ((red fox:1.2), snow]';
    const problems = checkPrompt('sdxl', prompt);
    expect(problems.map((problem) => [marked(prompt, problem), problem.message])).toEqual([
      ['(', 'This ( is never closed.'],
      [']', 'This ] closes nothing.'],
    ]);
    expect(repairPrompt('sdxl', prompt).prompt).toBe('a (red fox:1.2), snow');
  });

  it('keeps weights in range and well-formed', () => {
    expect(only(checkPrompt('flux-dev', '(fox:3), snow')).message).toBe(
      '(fox:3): a weight of 3 is above the 0–2 that Flux dev handles; the image breaks up.',
    );
    expect(repairPrompt('flux-dev', '(fox:3), snow').prompt).toBe('(fox:2), snow');
    expect(repairPrompt('sdxl', '(fox:), snow').prompt).toBe('(fox), snow');
    expect(repairPrompt('sdxl', '(fox:1,3), snow').prompt).toBe('(fox:1.3), snow');
    expect(only(checkPrompt('sdxl', '(fox:-1)')).message).toContain('put it in the negative prompt');
    expect(checkPrompt('sdxl', '\\(literal\\) (style: baroque) <lora:fox:0.8> [snow]')).toEqual([]);
  });

  it('removes Midjourney flags and rewrites :: weights', () => {
    const prompt = 'a fox::1.5, snow --ar 16:9 --no people';
    const problems = checkPrompt('sdxl', prompt);
    expect(problems.map((problem) => problem.message)).toEqual([
      '"a fox::1.5" is Midjourney\'s weight syntax; Stable Diffusion XL reads it as text. Weights are written (words:1.2) here.',
      '--ar 16:9 is a Midjourney parameter; Stable Diffusion XL has no flags and reads it as words.',
      '--no people is a Midjourney parameter; Stable Diffusion XL has no flags and reads it as words. Put the words to avoid in the negative prompt.',
    ]);
    expect(repairPrompt('sdxl', prompt).prompt).toBe('(a fox:1.5), snow');
  });

  it('checks the negative prompt as its own field', () => {
    const problem = only(checkPrompt('sdxl', 'a fox', 'blur, (text'));
    expect(problem).toMatchObject({ field: 'negativePrompt', start: 6, end: 7 });
    expect(repairPrompt('sdxl', 'a fox', 'blur, (text').negativePrompt).toBe('blur, text');
  });

  it('sends nothing to a negative prompt Flux does not have', () => {
    expect(checkPrompt('flux-schnell', 'a fox', 'blur, (text')).toEqual([]);
    expect(only(checkPrompt('flux-dev', 'a fox --no people')).message).toBe(
      '--no people is a Midjourney parameter; Flux dev has no flags and reads it as words. Flux dev has no negative prompt: leave the words out.',
    );
    expect(only(checkPrompt('flux-dev', '(fox:-1)')).message).toBe(
      '(fox:-1): a weight below 0 does not remove "fox"; Flux dev has no negative prompt: leave it out.',
    );
  });
});

describe('checkPrompt for natural language', () => {
  it('takes out flags and weights', () => {
    expect(repairPrompt('dall-e-3', 'A fox in (deep snow:1.3). --ar 16:9 --v 6').prompt).toBe(
      'A fox in deep snow.',
    );
  });

  it('says when the prompt is longer than DALL·E 3 reads, and cuts it', () => {
    const prompt = 'word '.repeat(900).trim();
    const problem = only(checkPrompt('dall-e-3', prompt));
    expect(problem.message).toBe('The prompt is 4,499 characters; DALL·E 3 reads at most 4,000.');
    expect(applyFix(prompt, problem).length).toBeLessThanOrEqual(4000);
  });

  it('holds each OpenAI model to its own limit: dall-e-2 1,000, dall-e-3 4,000, gpt-image-1 32,000', () => {
    const words = (count: number) => 'word '.repeat(count).trim();
    expect(only(checkPrompt('dall-e-2', words(201))).message).toBe(
      'The prompt is 1,004 characters; DALL·E 2 reads at most 1,000.',
    );
    expect(checkPrompt('dall-e-2', words(200))).toEqual([]);
    expect(checkPrompt('dall-e-3', words(201))).toEqual([]);
    expect(checkPrompt('gpt-image-1', words(900))).toEqual([]);
    expect(checkPrompt('gpt-image-1', words(6400))).toEqual([]);
    // Past gpt-image-1's 32,000 is past what any target reads: the checker stops there.
    expect(only(checkPrompt('gpt-image-1', words(6401)))).toMatchObject({ code: 'too-long', start: 32_000 });
  });

  it('says that DALL·E has no negative prompt for --no', () => {
    expect(only(checkPrompt('dall-e-2', 'A fox --no people')).message).toContain(
      'DALL·E 2 has no negative prompt: leave the words out.',
    );
  });
});

describe('applyFix', () => {
  it('leaves the text as it is for a problem without a fix', () => {
    const problem = only(checkPrompt('midjourney-6', 'space::-2 ship'));
    expect(applyFix('space::-2 ship', problem)).toBe('space::-2 ship');
  });
});

describe('a 100 KB paste', () => {
  it('is one problem with a fix that cuts it to what the checker reads', () => {
    const paste = 'a fox --stylise 2000 (cat:3 '.repeat(4000);
    for (const target of ['midjourney-6', 'sdxl', 'dall-e-3'] as const) {
      const problem = only(checkPrompt(target, paste));
      expect(problem.message).toBe(
        `This is ${paste.length.toLocaleString('en')} characters, more than any generator reads; it is checked up to 32,000.`,
      );
      expect(applyFix(paste, problem)).toHaveLength(32_000);
    }
    expect(only(checkPrompt('sdxl', 'a fox', paste)).field).toBe('negativePrompt');
  });
});

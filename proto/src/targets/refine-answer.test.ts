import { finishRefinedAnswer, refineTargetInstruction, splitFlags } from './refine-answer';
import { PROMPT_TARGETS } from './targets';

describe('splitFlags', () => {
  it('takes each flag with its value out of the words, --no with its whole list', () => {
    expect(splitFlags('A calm lake. --ar 16:9 --no red, shadows --tile')).toEqual({
      words: 'A calm lake.',
      flags: ['--ar 16:9', '--no red, shadows', '--tile'],
    });
    expect(splitFlags('--v 5 A calm --ar 3:2 lake.')).toEqual({
      words: 'A calm lake.',
      flags: ['--v 5', '--ar 3:2'],
    });
    expect(splitFlags('No parameters here')).toEqual({ words: 'No parameters here', flags: [] });
  });
});

describe('finishRefinedAnswer', () => {
  it("ends a Midjourney answer with the target's parameters, keeping the user's own flags", () => {
    expect(
      finishRefinedAnswer('midjourney-6', 'A luminous harbour.', 'Harbour. --ar 16:9 --v 6 --q 2'),
    ).toEqual({
      ok: true,
      prompt: 'A luminous harbour. --ar 16:9 --v 6 --q 2',
      repairs: [],
    });
    expect(
      finishRefinedAnswer('midjourney-7', 'A luminous harbour.', 'Harbour. --no boats --stylize 250 --v 6'),
    ).toEqual({
      ok: true,
      prompt: 'A luminous harbour. --no boats --stylize 250 --ar 16:9 --v 7 --q 2',
      repairs: [],
    });
  });

  it('repairs what the chosen version does not accept', () => {
    expect(
      finishRefinedAnswer(
        'midjourney-7',
        'A knight at dawn.',
        'Knight. --cref https://example.com/k.png --s 3000',
      ),
    ).toEqual({
      ok: true,
      prompt: 'A knight at dawn. --oref https://example.com/k.png --s 1000 --ar 16:9 --v 7 --q 2',
      repairs: ['Change to --oref', 'Use --s 1000'],
    });
  });

  it('refuses an answer whose error has no fix', () => {
    expect(finishRefinedAnswer('midjourney-6', 'harbour::-3 dawn', 'Harbour.')).toEqual({
      ok: false,
      message:
        "The AI's answer is not a valid Midjourney v6 prompt (The multi-prompt weights add up to -2; Midjourney " +
        'needs a total above 0.); the prompt is unchanged.',
    });
  });

  it('repairs Stable Diffusion and natural-language answers in their own syntax', () => {
    expect(
      finishRefinedAnswer('sdxl', 'harbour at dawn, ((golden light:1.3), calm water', 'Harbour'),
    ).toEqual({
      ok: true,
      prompt: 'harbour at dawn, (golden light:1.3), calm water',
      repairs: ['Remove this ('],
    });
    expect(finishRefinedAnswer('dall-e-3', 'A harbour at dawn with (golden light:1.3).', 'Harbour')).toEqual({
      ok: true,
      prompt: 'A harbour at dawn with golden light.',
      repairs: ['Write golden light'],
    });
  });

  it('tells the AI each target’s syntax', () => {
    for (const target of PROMPT_TARGETS)
      expect(refineTargetInstruction(target)).toMatch(/^The prompt is for /);
    expect(refineTargetInstruction('flux-dev')).toContain('(words:1.2)');
  });
});

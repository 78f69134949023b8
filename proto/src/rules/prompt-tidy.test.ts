import { splitPromptFlags, tidyPrompt } from './prompt-tidy';

describe('splitPromptFlags', () => {
  it('takes every flag with its value out of the words, wherever it stands', () => {
    expect(splitPromptFlags('--v 6 A calm --ar 3:2 lake --tile')).toEqual({
      text: 'A calm lake',
      flags: ['--v 6', '--ar 3:2', '--tile'],
    });
  });

  it('keeps a flag written twice once, and a flag followed by a flag without a value', () => {
    expect(splitPromptFlags('Sea --v 6 --v 6 --stylize --q 2')).toEqual({
      text: 'Sea',
      flags: ['--v 6', '--stylize', '--q 2'],
    });
  });

  it('does not take a word with dashes inside it for a flag', () => {
    expect(splitPromptFlags('A sci-fi city - at night').flags).toEqual([]);
  });
});

describe('tidyPrompt (offline Refine)', () => {
  it('keeps the prompt, fixes its spacing and keeps the flags intact at the end', () => {
    expect(tidyPrompt('  A  calm   lake .  --ar 16:9 --v 6 --q 2  ')).toBe(
      'A calm lake. --ar 16:9 --v 6 --q 2',
    );
    expect(tidyPrompt('--v 6 Misty harbour ,at dawn --ar 3:2')).toBe('Misty harbour, at dawn --v 6 --ar 3:2');
  });

  it('says a word repeated in a row once, ignoring case, keeping its punctuation', () => {
    expect(tidyPrompt('a cat cat sitting sitting.')).toBe('a cat sitting.');
    expect(tidyPrompt('Elements: Light (Soft , soft, Rim) ,Shadow')).toBe(
      'Elements: Light (Soft, Rim), Shadow',
    );
    expect(tidyPrompt('Light, Light, Shadow. --q 2')).toBe('Light, Shadow. --q 2');
  });

  it('keeps a word repeated across sentences, numbers and ratios in the text', () => {
    expect(tidyPrompt('Portrait. Portrait studio at 1,000 lux, 16:9 framing')).toBe(
      'Portrait. Portrait studio at 1,000 lux, 16:9 framing',
    );
  });

  it('leaves a tidy prompt as it was and an empty one empty', () => {
    const prompt = 'Photography image. Professional focus: Architect. --ar 16:9 --v 6 --q 2';
    expect(tidyPrompt(prompt)).toBe(prompt);
    expect(tidyPrompt('   ')).toBe('');
  });
});

import { PROMPT_IMPORT_MAX_CHARS, PromptImportInputSchema } from './import-input';
import type { ParsedPrompt } from './imported-prompt';
import { parsePrompt } from './parse-prompt';
import { MAX_IMPORTED_PHRASES } from './prompt-chunks';

function parsed(prompt: string, negative?: string): ParsedPrompt {
  const result = parsePrompt(prompt, negative);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.prompt;
}

const texts = (prompt: ParsedPrompt) => prompt.phrases.map((phrase) => phrase.text);

describe('parsePrompt: Midjourney', () => {
  it('reads the phrases, --no words as avoided, the version as the target and keeps the other flags', () => {
    const prompt = parsed(
      'misty forest, red fox, golden hour --ar 16:9 --v 6.1 --stylize 250 --no trees, fog',
    );
    expect(prompt.syntax).toBe('midjourney');
    expect(prompt.target).toBe('midjourney-6.1');
    expect(prompt.phrases).toEqual([
      { text: 'misty forest', weight: 0, avoid: false },
      { text: 'red fox', weight: 0, avoid: false },
      { text: 'golden hour', weight: 0, avoid: false },
      { text: 'trees', weight: 0, avoid: true },
      { text: 'fog', weight: 0, avoid: true },
    ]);
    expect(prompt.parameters).toEqual([
      { flag: '--ar', value: '16:9', label: 'aspect ratio' },
      { flag: '--s', value: '250', label: 'stylize' },
    ]);
  });

  it('maps each version and Niji to its target, and an unknown version to v6 with a note', () => {
    expect(parsed('cat --v 7').target).toBe('midjourney-7');
    expect(parsed('cat --v 6').target).toBe('midjourney-6');
    expect(parsed('cat --niji 6').target).toBe('niji-6');
    expect(parsed('cat --ar 1:1').target).toBe('midjourney-6');
    const old = parsed('cat --v 5.2');
    expect(old.target).toBe('midjourney-6');
    expect(old.notes).toEqual(['Midjourney v5.2 is not a target here; Midjourney v6 is chosen.']);
  });

  it('reads multi-prompt weights as steps and a negative weight as avoid', () => {
    const prompt = parsed('castle::2 dragon::1.5 moat::0.5 fog::0.25 crowds::-0.5 sky');
    expect(prompt.phrases).toEqual([
      { text: 'castle', weight: 2, avoid: false },
      { text: 'dragon', weight: 1, avoid: false },
      { text: 'moat', weight: -1, avoid: false },
      { text: 'fog', weight: -2, avoid: false },
      { text: 'crowds', weight: 0, avoid: true },
      { text: 'sky', weight: 0, avoid: false },
    ]);
  });

  it('leaves image URLs and a long-dash flag out of the words', () => {
    const prompt = parsed('https://example.com/a.png koi pond —ar 3:2');
    expect(texts(prompt)).toEqual(['koi pond']);
    expect(prompt.ignored).toEqual(['https://example.com/a.png']);
    expect(prompt.parameters).toEqual([{ flag: '--ar', value: '3:2', label: 'aspect ratio' }]);
  });

  it("reads the Stream page's own prompt back", () => {
    const prompt = parsed(
      'Photography image. Professional focus: Portrait. Elements: Light (Soft, Rim). --ar 16:9 --v 6 --q 2',
    );
    expect(prompt.target).toBe('midjourney-6');
    expect(texts(prompt)).toEqual([
      'Photography image',
      'Professional focus: Portrait',
      'Elements: Light (Soft',
      'Rim',
    ]);
    expect(prompt.parameters.map((parameter) => parameter.flag)).toEqual(['--ar', '--q']);
  });
});

describe('parsePrompt: Stable Diffusion', () => {
  it('reads explicit, doubled and bracketed weights and the negative prompt as avoided', () => {
    const prompt = parsed(
      '(masterpiece:1.3), ((red fox)), [blurry background], snowy field',
      'lowres, (watermark:1.4)',
    );
    expect(prompt.syntax).toBe('weighted');
    expect(prompt.target).toBe('sdxl');
    expect(prompt.phrases).toEqual([
      { text: 'masterpiece', weight: 2, avoid: false },
      { text: 'red fox', weight: 2, avoid: false },
      { text: 'blurry background', weight: -1, avoid: false },
      { text: 'snowy field', weight: 0, avoid: false },
      { text: 'lowres', weight: 0, avoid: true },
      { text: 'watermark', weight: 0, avoid: true },
    ]);
  });

  it('reads a single (word) as one step, nested weights multiplied, escapes literally and LoRAs aside', () => {
    const prompt = parsed('(a cat:1.1), (old (barn:1.1)), \\(logo\\), <lora:film:0.8> dusk');
    expect(prompt.phrases).toEqual([
      { text: 'a cat', weight: 1, avoid: false },
      { text: 'old', weight: 1, avoid: false },
      { text: 'barn', weight: 2, avoid: false },
      { text: 'logo', weight: 0, avoid: false },
      { text: 'dusk', weight: 0, avoid: false },
    ]);
    expect(prompt.ignored).toEqual(['<lora:film:0.8>']);
  });

  it('is lenient with unbalanced brackets', () => {
    expect(texts(parsed('((sunset, ocean) waves]'))).toEqual(['sunset', 'ocean', 'waves']);
  });

  it('survives nesting thousands deep', () => {
    const deep = `${'('.repeat(2500)}core${')'.repeat(2500)}`;
    expect(parsed(deep).phrases).toEqual([{ text: 'core', weight: 2, avoid: false }]);
  });
});

describe('parsePrompt: plain text', () => {
  it('reads a sentence as a prompt for natural language and splits it at commas and full stops', () => {
    const prompt = parsed('A quiet harbour town at dawn with fishing boats. Soft pastel colours, film grain');
    expect(prompt.syntax).toBe('plain');
    expect(prompt.target).toBe('dall-e-3');
    expect(texts(prompt)).toEqual([
      'A quiet harbour town at dawn with fishing boats',
      'Soft pastel colours',
      'film grain',
    ]);
  });

  it('leaves the target as it is for a short list of words', () => {
    expect(parsed('cat, dog, Cat').target).toBeNull();
    expect(texts(parsed('cat, dog, Cat'))).toEqual(['cat', 'dog']);
  });

  it('keeps unicode words whole', () => {
    expect(texts(parsed('Café au lait, 桜の木, Ünïcödé 🌸, straße'))).toEqual([
      'Café au lait',
      '桜の木',
      'Ünïcödé',
      'straße',
    ]);
  });

  it('keeps at most MAX_IMPORTED_PHRASES phrases and says so', () => {
    const prompt = parsed(Array.from({ length: 300 }, (_, index) => `w${index}`).join(', '));
    expect(prompt.phrases).toHaveLength(MAX_IMPORTED_PHRASES);
    expect(prompt.notes).toContain(`Only the first ${MAX_IMPORTED_PHRASES} phrases are read.`);
  });

  it('says when nothing importable was found', () => {
    expect(parsed('--ar 16:9 --v 7').notes).toContain('No words to import were found.');
  });
});

describe('parsePrompt: refused input', () => {
  it('refuses an empty paste', () => {
    expect(parsePrompt('   \n ')).toEqual({
      ok: false,
      field: 'prompt',
      message: 'Paste a prompt to import.',
    });
  });

  it('refuses a paste over the limit, naming the limit', () => {
    expect(parsePrompt('a'.repeat(PROMPT_IMPORT_MAX_CHARS + 1))).toEqual({
      ok: false,
      field: 'prompt',
      message: 'The prompt is too long: at most 6,000 characters.',
    });
    expect(parsePrompt('a, '.repeat(PROMPT_IMPORT_MAX_CHARS / 3)).ok).toBe(true);
  });

  it.each([
    ['a NUL byte', 'cat\u0000dog'],
    ['an escape sequence', 'cat \u001b[31m dog'],
    ['bytes that were not text', 'PNG\uFFFD\uFFFD\u0001'],
    ['a lone surrogate', 'cat \uD800 dog'],
  ])('refuses %s with a clear message', (_, text) => {
    expect(parsePrompt(text)).toEqual({
      ok: false,
      field: 'prompt',
      message: 'The prompt looks like binary data or contains control characters; paste plain text.',
    });
  });

  it('names the negative prompt when that is the bad one', () => {
    expect(parsePrompt('cat', 'x\u0007')).toMatchObject({ ok: false, field: 'negativePrompt' });
  });

  it('accepts tabs and line breaks', () => {
    expect(texts(parsed('cat\tsitting\r\ndog'))).toEqual(['cat sitting', 'dog']);
  });
});

describe('PromptImportInputSchema', () => {
  it('gives the same messages at the edge', () => {
    const result = PromptImportInputSchema.safeParse({ prompt: 'x'.repeat(6001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The prompt is too long: at most 6,000 characters.');
    expect(PromptImportInputSchema.safeParse({ prompt: ' ' }).error?.issues[0]?.message).toBe(
      'Paste a prompt to import.',
    );
    expect(PromptImportInputSchema.safeParse({ prompt: 'a fox', negativePrompt: 'blur' }).success).toBe(true);
  });
});

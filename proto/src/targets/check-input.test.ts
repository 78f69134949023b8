import { CHECK_PROMPT_MAX_CHARS, CheckPromptInputSchema } from './check-input';
import { ItemMarksSchema, MAX_ITEM_MARKS } from './marks';

describe('CheckPromptInputSchema', () => {
  it('takes a target, a prompt and an optional negative prompt', () => {
    expect(CheckPromptInputSchema.parse({ target: 'sdxl', prompt: 'a fox', negativePrompt: 'blur' })).toEqual(
      {
        target: 'sdxl',
        prompt: 'a fox',
        negativePrompt: 'blur',
      },
    );
    expect(CheckPromptInputSchema.safeParse({ target: 'midjourney-7', prompt: '' }).success).toBe(true);
  });

  it('names the field of a 100 KB paste and of an unknown target', () => {
    const paste = 'x'.repeat(100 * 1024);
    const prompt = CheckPromptInputSchema.safeParse({ target: 'flux', prompt: paste });
    expect(prompt.success).toBe(false);
    expect(prompt.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'prompt',
        `The prompt is too long: at most ${CHECK_PROMPT_MAX_CHARS.toLocaleString('en')} characters.`,
      ],
    ]);
    const negative = CheckPromptInputSchema.safeParse({ target: 'flux', prompt: 'a', negativePrompt: paste });
    expect(negative.error!.issues[0]!.path).toEqual(['negativePrompt']);
    const target = CheckPromptInputSchema.safeParse({ target: 'midjourney-5', prompt: 'a' });
    expect(target.error!.issues[0]!.path).toEqual(['target']);
    expect(target.error!.issues[0]!.message).toBe(
      'The target must be one of: midjourney-6, midjourney-6.1, midjourney-7, niji-6, sdxl, flux-dev, flux-schnell, ' +
        'dall-e-2, dall-e-3, gpt-image-1.',
    );
  });

  it('reads the ids of earlier versions as their new targets', () => {
    expect(CheckPromptInputSchema.parse({ target: 'natural', prompt: 'a' }).target).toBe('dall-e-3');
    expect(CheckPromptInputSchema.parse({ target: 'flux', prompt: 'a' }).target).toBe('flux-dev');
  });
});

describe('ItemMarksSchema', () => {
  it('takes weights of −2…+2 and avoid marks by name, and refuses anything else', () => {
    expect(ItemMarksSchema.parse({ rim: { weight: 2, avoid: false } })).toEqual({
      rim: { weight: 2, avoid: false },
    });
    expect(ItemMarksSchema.safeParse({ rim: { weight: 3, avoid: false } }).success).toBe(false);
    expect(ItemMarksSchema.safeParse({ '': { weight: 0, avoid: true } }).success).toBe(false);
    const many = Object.fromEntries(
      Array.from({ length: MAX_ITEM_MARKS + 1 }, (_, index) => [`item ${index}`, { weight: 0, avoid: true }]),
    );
    expect(ItemMarksSchema.safeParse(many).error!.issues[0]!.message).toBe(
      `At most ${MAX_ITEM_MARKS} items can be marked.`,
    );
  });
});

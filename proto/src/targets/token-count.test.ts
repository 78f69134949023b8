import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadClipTokenizer } from './clip-tokens';
import { needsClipTokenizer, readingWindowOf } from './reading-windows';
import { estimateT5TokenStarts } from './t5-estimate';
import { countPromptTokens } from './token-count';
import { PROMPT_TARGETS } from './targets';

beforeAll(() =>
  loadClipTokenizer(() => readFile(path.join(__dirname, '..', '..', 'assets', 'clip-merges.txt'), 'utf8')),
);

describe('each target reads its prompt through its own window', () => {
  it('Stable Diffusion XL: CLIP, 77 tokens with its two markers', () => {
    expect(countPromptTokens('sdxl', 'castle, fog')).toEqual({
      tokens: { encoder: 'CLIP', count: 3, limit: 75, window: 77, cutAt: null, estimated: false },
      pooled: null,
    });
  });

  it('Flux: T5 (estimated), 512 tokens for dev and 256 for schnell, and CLIP for the pooled text', () => {
    const dev = countPromptTokens('flux-dev', 'castle, fog')!;
    expect(dev.tokens).toMatchObject({
      encoder: 'T5',
      limit: 511,
      window: 512,
      cutAt: null,
      estimated: true,
    });
    expect(dev.pooled).toMatchObject({ encoder: 'CLIP', count: 3, limit: 75, window: 77, estimated: false });
    expect(countPromptTokens('flux-schnell', 'castle')!.tokens).toMatchObject({ limit: 255, window: 256 });
  });

  it('Flux cuts past T5 only: a prompt past CLIP’s 75 tokens is read whole', () => {
    const prompt = 'a lighthouse on a cliff at dusk, '.repeat(12);
    const { tokens, pooled } = countPromptTokens('flux-dev', prompt)!;
    expect(pooled!.cutAt).not.toBeNull();
    expect(tokens.cutAt).toBeNull();
    const schnell = countPromptTokens('flux-schnell', prompt.repeat(3))!.tokens;
    expect(schnell.count).toBeGreaterThan(255);
    expect(schnell.cutAt).toBeGreaterThan(0);
    expect(countPromptTokens('flux-dev', prompt.repeat(3))!.tokens.cutAt).toBeNull();
  });

  it('counts characters for DALL·E and GPT Image, nothing for Midjourney', () => {
    expect(readingWindowOf('dall-e-2')).toEqual({ kind: 'characters', limit: 1000 });
    expect(readingWindowOf('dall-e-3')).toEqual({ kind: 'characters', limit: 4000 });
    expect(readingWindowOf('gpt-image-1')).toEqual({ kind: 'characters', limit: 32000 });
    expect(readingWindowOf('midjourney-7')).toBeNull();
    expect(countPromptTokens('dall-e-3', 'a fox')).toBeNull();
    expect(PROMPT_TARGETS.filter(needsClipTokenizer)).toEqual(['sdxl', 'flux-dev', 'flux-schnell']);
  });
});

describe('the T5 estimate', () => {
  it('counts 1.3 tokens a word and 1 a punctuation mark, rounded up', () => {
    expect(estimateT5TokenStarts('castle, fog')).toHaveLength(4);
    expect(estimateT5TokenStarts('a calm lake at dawn')).toHaveLength(7);
    expect(estimateT5TokenStarts('')).toHaveLength(0);
  });

  it('reads weight syntax as the runners do, and counts each character of a script without spaces', () => {
    expect(estimateT5TokenStarts('(castle:1.2), fog')).toHaveLength(4);
    expect(estimateT5TokenStarts('((castle)), [fog]')).toHaveLength(4);
    expect(estimateT5TokenStarts('日本の風景')).toHaveLength(5);
  });

  it('gives where each token starts in the prompt', () => {
    expect(estimateT5TokenStarts('(castle:1.2), fog')).toEqual([1, 1, 12, 14]);
  });
});

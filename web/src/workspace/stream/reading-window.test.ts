import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadClipTokenizer } from '@promptloom/proto';
import { readingViewOf } from './reading-window';

beforeAll(() =>
  loadClipTokenizer(() => readFile(path.join(__dirname, '../../../../proto/assets/clip-merges.txt'), 'utf8')),
);

const long = 'a lighthouse on a cliff at dusk, '.repeat(12);

describe('what the Stream page says the model reads', () => {
  it("Stable Diffusion XL: CLIP's 77 tokens, the end past them dimmed and said to be dropped or chunked", () => {
    expect(readingViewOf('sdxl', '(castle:1.2), fog', true)).toMatchObject({
      unit: 'tokens',
      count: '5 / 77 tokens',
      over: null,
      note: null,
    });
    const over = readingViewOf('sdxl', long, true)!;
    expect(over.over).toContain("past CLIP's 77-token window");
    expect(over.cutAt).toBeGreaterThan(0);
  });

  it('Flux: an estimated T5 count, CLIP named for the pooled text, and nothing dimmed before T5’s end', () => {
    const dev = readingViewOf('flux-dev', long, true)!;
    expect(dev.count).toMatch(/^≈ \d+ \/ 512 T5 tokens \(estimate\)$/);
    expect(dev.over).toBeNull();
    expect(dev.cutAt).toBeNull();
    expect(dev.note).toMatch(/^CLIP reads the first 75 tokens for the pooled text: this prompt has \d+/);
    expect(readingViewOf('flux-schnell', 'castle, fog', true)!.note).toBe(
      'CLIP reads the first 75 tokens for the pooled text: 5 / 77.',
    );
    const schnell = readingViewOf('flux-schnell', long.repeat(3), true)!;
    expect(schnell.over).toContain('past the 256 T5 tokens Flux schnell reads');
    expect(schnell.cutAt).toBeGreaterThan(0);
  });

  it('DALL·E and GPT Image: characters against their own limit', () => {
    expect(readingViewOf('dall-e-2', 'a'.repeat(1001), false)).toMatchObject({
      unit: 'characters',
      count: '1,001 / 1,000 characters',
      over: 'DALL·E 2 reads at most 1,000',
    });
    expect(readingViewOf('gpt-image-1', 'a fox', false)!.count).toBe('5 / 32,000 characters');
  });

  it('says nothing for Midjourney, nor before the tokenizer is loaded', () => {
    expect(readingViewOf('midjourney-7', long, true)).toBeNull();
    expect(readingViewOf('sdxl', long, false)).toBeNull();
  });
});

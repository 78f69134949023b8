import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isClipTokenizerLoaded, loadClipTokenizer } from './clip-tokens';
import { countClipTokens } from './token-count';

const readMerges = () => readFile(path.join(__dirname, '..', '..', 'assets', 'clip-merges.txt'), 'utf8');

beforeAll(() => loadClipTokenizer(readMerges));

describe('countClipTokens', () => {
  it('loads the vocabulary once', async () => {
    expect(isClipTokenizerLoaded()).toBe(true);
    const again = jest.fn(readMerges);
    await loadClipTokenizer(again);
    expect(again).not.toHaveBeenCalled();
  });

  it('counts known strings', () => {
    expect(countClipTokens('a photo of a cat')).toEqual({
      encoder: 'CLIP',
      count: 5,
      limit: 75,
      window: 77,
      cutAt: null,
      estimated: false,
    });
    expect(countClipTokens('').count).toBe(0);
    expect(countClipTokens('Hyper-realistic').count).toBe(3);
    expect(countClipTokens('  a   photo\nof a CAT ').count).toBe(5);
    expect(countClipTokens("it's a lighthouse's beam at dusk, we'll see").count).toBe(12);
  });

  it('says where the part past the 75 readable tokens begins', () => {
    const text = 'fox '.repeat(80);
    expect(countClipTokens(text)).toMatchObject({ count: 80, limit: 75, window: 77, cutAt: 75 * 4 });
    // A word split into several tokens can be cut inside.
    const long = `${'fox '.repeat(74)}photorealistically`;
    const { cutAt, count } = countClipTokens(long);
    expect(count).toBe(77);
    expect(cutAt).toBe(74 * 4 + 'photo'.length);
  });

  it('counts non-Latin text by its UTF-8 bytes, as CLIP does', () => {
    const { count, cutAt } = countClipTokens('日本の風景'.repeat(20));
    expect(count).toBeGreaterThan(75);
    expect(cutAt).toBeGreaterThan(0);
  });
});

describe('countClipTokens reads weight syntax as the runners do', () => {
  it('counts only the words of weighted parts', () => {
    expect(countClipTokens('(castle:1.2), fog').count).toBe(countClipTokens('castle, fog').count);
    expect(countClipTokens('(castle:1.2), fog').count).toBe(3);
    expect(countClipTokens('((castle)), [fog]').count).toBe(3);
    expect(countClipTokens('castle <lora:film:0.8>, fog').count).toBe(3);
  });

  it('keeps escaped brackets and text that only looks like syntax', () => {
    // film ( 3 5 mm ): the escaped brackets are words; unescaped, they are emphasis.
    expect(countClipTokens('film \\(35mm\\)').count).toBe(6);
    expect(countClipTokens('film (35mm)').count).toBe(4);
    // A weight with no opening bracket and a stray closing bracket are read as written: castle : 1 . 2 ), fog
    expect(countClipTokens('castle:1.2), fog').count).toBe(7);
    expect(countClipTokens('a) b').count).toBe(3);
  });

  it('places the cut in the prompt as written', () => {
    const prompt = `(${'fox '.repeat(74)}:1.1) wolf, bear`;
    const { count, cutAt } = countClipTokens(prompt);
    expect(count).toBe(77);
    expect(prompt.slice(cutAt!)).toBe(', bear');
  });
});

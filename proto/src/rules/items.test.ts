import { createSeededRandom } from './random';
import {
  ITEM_MAX_LENGTH,
  cleanGeneratedItems,
  cleanItemText,
  cutToFrequency,
  hasValidItemLength,
  itemLength,
  parseReplySegments,
  uniqueIgnoringCase,
} from './items';

const first = () => 0;
const clean = (
  reply: string | readonly string[],
  options: { frequency?: number; existing?: string[] } = {},
) => cleanGeneratedItems(reply, { ...options, random: first });

describe('cleanGeneratedItems: splitting', () => {
  it('splits on newlines and commas', () => {
    expect(clean('Light\nShadow, Texture\r\nTone')).toEqual(['Light', 'Shadow', 'Texture', 'Tone']);
  });

  it('splits on bullets • · * and dashes - – —', () => {
    expect(clean('• Light · Shadow * Texture - Tone – Hue — Grain')).toEqual([
      'Light',
      'Shadow',
      'Texture',
      'Tone',
      'Hue',
      'Grain',
    ]);
  });

  it('splits on digits and dots, so numbered lists lose their numbers', () => {
    expect(clean('1. Photography\n2. Art\n10. Collage')).toEqual(['Photography', 'Art', 'Collage']);
    expect(clean('Light.Shadow')).toEqual(['Light', 'Shadow']);
  });

  it('splits on slashes and strips them and asterisks', () => {
    expect(clean('Sky/Sea\\Sand')).toEqual(['Sky', 'Sea', 'Sand']);
    expect(clean('**Portrait**')).toEqual(['Portrait']);
  });

  it('splits on a dash inside a word too, as the spec says', () => {
    expect(clean('X-ray')).toEqual(['X', 'ray']);
  });

  it('drops a heading line that ends with a colon', () => {
    expect(clean('Here are 3 types:\nSculpture\nMosaic')).toEqual(['Sculpture', 'Mosaic']);
  });

  it('keeps spaces inside multiword items', () => {
    expect(clean('Film   Noir, Street Art')).toEqual(['Film Noir', 'Street Art']);
  });
});

describe('cleanGeneratedItems: JSON replies', () => {
  it('reads a JSON array of strings', () => {
    expect(clean('["Light", "Shadow", "Film Noir"]')).toEqual(['Light', 'Shadow', 'Film Noir']);
  });

  it('reads an array inside a code fence or after a sentence', () => {
    expect(clean('```json\n["Light","Shadow"]\n```')).toEqual(['Light', 'Shadow']);
    expect(clean('Sure: ["Light","Shadow"]')).toEqual(['Light', 'Shadow']);
  });

  it('ignores entries that are not strings', () => {
    expect(clean('["Light", 3, null, "Shadow"]')).toEqual(['Light', 'Shadow']);
  });

  it('falls back to splitting when the brackets do not hold valid JSON', () => {
    expect(clean('[Light, Shadow]')).toEqual(['Light', 'Shadow']);
  });

  it('still cleans each entry of a JSON array', () => {
    expect(clean('["1. Light!", "  \\"Shadow\\" "]')).toEqual(['Light', 'Shadow']);
  });

  it('accepts an already parsed array', () => {
    expect(clean(['Light', ' shadow ', 'LIGHT'])).toEqual(['Light', 'shadow']);
  });
});

describe('cleanGeneratedItems: cleaning, length and duplicates', () => {
  it('removes punctuation, quotes, brackets and symbols', () => {
    expect(clean('"Macro"; (Bokeh)! Tilt?shift 🎨Pop')).toEqual(['Macro Bokeh Tiltshift Pop']);
    expect(clean('#Neon, [Glow], {Haze}')).toEqual(['Neon', 'Glow', 'Haze']);
  });

  it('keeps accented letters', () => {
    expect(clean('Café, Ñandú, Éclair')).toEqual(['Café', 'Ñandú', 'Éclair']);
  });

  it('keeps apostrophes inside words but drops quoting apostrophes', () => {
    expect(clean("Children's, 'Quoted', O’Keeffe")).toEqual(["Children's", 'Quoted', "O'Keeffe"]);
  });

  it(`keeps items of 1 to ${ITEM_MAX_LENGTH} characters and drops longer ones`, () => {
    const longest = 'a'.repeat(29);
    const tooLong = 'b'.repeat(30);
    expect(clean(`A\n${longest}\n${tooLong}`)).toEqual(['A', longest]);
  });

  it('drops segments that are empty once cleaned', () => {
    expect(clean('1.\n\n!!!\n - \nLight')).toEqual(['Light']);
  });

  it('de-duplicates case-insensitively, the first spelling winning', () => {
    expect(clean('art, Art, ART, Sky, sky')).toEqual(['art', 'Sky']);
  });

  it('excludes items already stored, case-insensitively', () => {
    expect(clean('Light, Shadow, Texture', { existing: ['SHADOW', ' light '] })).toEqual(['Texture']);
  });
});

describe('cleanGeneratedItems: cutting to the frequency', () => {
  const reply = 'One, Two, Three, Four, Five, Six';

  it('returns all items when there are not more than the frequency', () => {
    expect(clean('One, Two', { frequency: 5 })).toEqual(['One', 'Two']);
  });

  it('returns all items when no frequency is given', () => {
    expect(clean(reply)).toHaveLength(6);
  });

  it('picks exactly the frequency with the injected source, keeping the original order', () => {
    expect(clean(reply, { frequency: 3 })).toEqual(['One', 'Two', 'Three']);
    const random = createSeededRandom(5);
    const all = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    for (let run = 0; run < 50; run += 1) {
      const picked = cleanGeneratedItems(reply, { frequency: 4, random });
      expect(picked).toHaveLength(4);
      const positions = picked.map((item) => all.indexOf(item));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('applies the cut after removing duplicates and stored items', () => {
    expect(clean('One, one, Two, Three', { frequency: 2, existing: ['Two'] })).toEqual(['One', 'Three']);
  });

  it('gives a different subset for a different random source', () => {
    expect(cleanGeneratedItems(reply, { frequency: 2, random: () => 0.9999 })).toEqual(['One', 'Six']);
  });

  it('returns nothing for a frequency of 0 or NaN', () => {
    expect(clean(reply, { frequency: 0 })).toEqual([]);
    expect(clean(reply, { frequency: Number.NaN })).toEqual([]);
  });
});

describe('helpers', () => {
  it('parseReplySegments keeps raw segments for cleaning later', () => {
    expect(parseReplySegments('1. "Light"\n2. Shadow')).toEqual(['', ' "Light"', '', ' Shadow']);
  });

  it('cleanItemText collapses whitespace and trims', () => {
    expect(cleanItemText('  Film \t Noir  ')).toBe('Film Noir');
  });

  it('itemLength counts characters, not UTF-16 units, and hasValidItemLength uses it', () => {
    expect(itemLength('Cafe\u0301')).toBe(4);
    expect(hasValidItemLength('𝒜'.repeat(29))).toBe(true);
    expect(hasValidItemLength('')).toBe(false);
  });

  it('uniqueIgnoringCase keeps the first spelling', () => {
    expect(uniqueIgnoringCase(['Sky', 'SKY', 'Sea'])).toEqual(['Sky', 'Sea']);
  });

  it('cutToFrequency returns everything for an infinite frequency', () => {
    expect(cutToFrequency([1, 2, 3], Number.POSITIVE_INFINITY, first)).toEqual([1, 2, 3]);
  });
});

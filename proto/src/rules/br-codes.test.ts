import { POWER_MODES } from '../enums';
import {
  BR_CODE_MAX_ELEMENTS,
  BR_CODE_PREFIX,
  brCodePrefix,
  buildBrCode,
  buildBrCodes,
  elementsOfBrCode,
  groupElementsByType,
  parseBrCode,
} from './br-codes';
import { createSeededRandom } from './random';

const first = () => 0;

describe('brCodePrefix', () => {
  it("is 'CR' plus the first 3 letters of the type upper-cased", () => {
    expect(BR_CODE_PREFIX).toBe('CR');
    expect(brCodePrefix('Photography')).toBe('CRPHO');
    expect(brCodePrefix('art')).toBe('CRART');
  });

  it('gives the CRPHO power mode for Photography', () => {
    expect(POWER_MODES).toContain(brCodePrefix('Photography'));
  });
});

describe('buildBrCode', () => {
  it('joins the prefix and the first 3 letters of each element with hyphens', () => {
    expect(buildBrCode('Photography', ['Light', 'Shadow'], first)).toEqual({
      type: 'Photography',
      elements: ['Light', 'Shadow'],
      code: 'CRPHO-Lig-Sha',
    });
  });

  it('takes at most 6 elements, chosen at random and unique', () => {
    expect(BR_CODE_MAX_ELEMENTS).toBe(6);
    const elements = ['Light', 'Shadow', 'Texture', 'Tone', 'Hue', 'Grain', 'Haze', 'Glow'];
    expect(buildBrCode('Art', elements, first)?.code).toBe('CRART-Lig-Sha-Tex-Ton-Hue-Gra');
    expect(buildBrCode('Art', elements, () => 0.9999)?.elements).not.toEqual(elements.slice(0, 6));
    const random = createSeededRandom(11);
    for (let run = 0; run < 20; run += 1) {
      const chosen = buildBrCode('Art', elements, random)!.elements;
      expect(chosen).toHaveLength(6);
      expect(new Set(chosen).size).toBe(6);
    }
  });

  it('counts an element listed twice once', () => {
    expect(buildBrCode('Art', ['Light', 'light', ' Light', 'Shadow'], first)?.code).toBe('CRART-Lig-Sha');
  });

  it('gives nothing for a type without elements', () => {
    expect(buildBrCode('Art', [], first)).toBeNull();
    expect(buildBrCode('Art', ['  '], first)).toBeNull();
  });
});

describe('groupElementsByType (the spec’s "group elements by a suffix")', () => {
  it('merges keys naming the same type, ignoring case and spaces, keeping the first spelling', () => {
    const groups = groupElementsByType({
      Photography: ['Light'],
      ' photography ': ['Shadow', 'LIGHT'],
      Art: ['Hue'],
    });
    expect([...groups]).toEqual([
      ['Photography', ['Light', 'Shadow']],
      ['Art', ['Hue']],
    ]);
  });

  it('skips blank type labels and blank elements', () => {
    expect([...groupElementsByType({ ' ': ['Light'], Art: ['', 'Hue'] })]).toEqual([['Art', ['Hue']]]);
  });
});

describe('buildBrCodes', () => {
  it('builds one code per type group, in the order of the map', () => {
    const codes = buildBrCodes(
      { Photography: ['Light', 'Shadow'], Art: ['Texture'], photography: ['Grain'], Illustration: [] },
      first,
    );
    expect(codes.map((code) => code.code)).toEqual(['CRPHO-Lig-Sha-Gra', 'CRART-Tex']);
  });

  it('gives no code for an empty map', () => {
    expect(buildBrCodes({}, first)).toEqual([]);
  });
});

describe('parseBrCode and elementsOfBrCode', () => {
  it('reads a code back into its prefix and abbreviations', () => {
    expect(parseBrCode('CRPHO-Lig-Sha')).toEqual({ prefix: 'CRPHO', abbreviations: ['Lig', 'Sha'] });
    expect(parseBrCode('PHO-Lig')).toBeNull();
  });

  it('finds the elements a code names, in the code order', () => {
    expect(elementsOfBrCode('CRPHO-Sha-Lig', ['Light', 'Shadow', 'Texture'])).toEqual(['Shadow', 'Light']);
    expect(elementsOfBrCode('nonsense', ['Light'])).toEqual([]);
  });
});

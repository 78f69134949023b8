import {
  DEFAULT_TYPE_SEEDS,
  MAX_TYPE_SEEDS,
  TYPE_EXCLUSION_LIST,
  cleanGeneratedTypes,
  composeTypeList,
  isExcludedType,
  isSingleWord,
  mergeTypes,
  planTypeRequest,
} from './types';

const first = () => 0;

describe('type seeds', () => {
  it('are Photography, Art, Cartography and Illustration, at most 4 kept', () => {
    expect(DEFAULT_TYPE_SEEDS).toEqual(['Photography', 'Art', 'Cartography', 'Illustration']);
    expect(MAX_TYPE_SEEDS).toBe(4);
  });
});

describe('planTypeRequest: up to 4 seeds kept, the rest new, total equal to frequency', () => {
  it('keeps 4 seeds and asks for the rest when the frequency is above 4', () => {
    expect(planTypeRequest(10)).toEqual({ keptSeeds: [...DEFAULT_TYPE_SEEDS], newCount: 6 });
    expect(planTypeRequest(5)).toEqual({ keptSeeds: [...DEFAULT_TYPE_SEEDS], newCount: 1 });
  });

  it('keeps only as many seeds as the frequency when it is 4 or less, asking for nothing new', () => {
    expect(planTypeRequest(4)).toEqual({ keptSeeds: [...DEFAULT_TYPE_SEEDS], newCount: 0 });
    expect(planTypeRequest(2)).toEqual({ keptSeeds: ['Photography', 'Art'], newCount: 0 });
  });

  it('asks for nothing for a zero, negative or unreadable frequency', () => {
    expect(planTypeRequest(0)).toEqual({ keptSeeds: [], newCount: 0 });
    expect(planTypeRequest(-3)).toEqual({ keptSeeds: [], newCount: 0 });
    expect(planTypeRequest(Number.NaN)).toEqual({ keptSeeds: [], newCount: 0 });
  });

  it('uses given seeds, never more than 4, without blanks or repeats', () => {
    expect(planTypeRequest(5, ['Sketch', 'Mural'])).toEqual({ keptSeeds: ['Sketch', 'Mural'], newCount: 3 });
    expect(planTypeRequest(8, ['A', 'B', ' ', 'b', 'C', 'D', 'E']).keptSeeds).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('cleanGeneratedTypes', () => {
  it('keeps only single-word types', () => {
    expect(cleanGeneratedTypes('Sculpture, Street Art, Mosaic', { frequency: 10, random: first })).toEqual([
      'Sculpture',
      'Mosaic',
    ]);
  });

  it('removes excluded words when the frequency is 4 or less', () => {
    expect(cleanGeneratedTypes('Sure, Sculpture, Image, Mosaic', { frequency: 4, random: first })).toEqual([
      'Sculpture',
      'Mosaic',
    ]);
  });

  it('keeps those words when the frequency is above 4', () => {
    expect(cleanGeneratedTypes('Sure, Sculpture, Image, Mosaic', { frequency: 5, random: first })).toEqual([
      'Sure',
      'Sculpture',
      'Image',
      'Mosaic',
    ]);
  });

  it('cuts to the count when given, else to the frequency, and drops stored types', () => {
    const reply = 'Sculpture, Mosaic, Collage, Fresco, Etching, Mural';
    expect(cleanGeneratedTypes(reply, { frequency: 8, count: 2, random: first })).toEqual([
      'Sculpture',
      'Mosaic',
    ]);
    expect(cleanGeneratedTypes(reply, { frequency: 3, existing: ['mosaic'], random: first })).toEqual([
      'Sculpture',
      'Collage',
      'Fresco',
    ]);
  });

  it('has a short documented exclusion list matched case-insensitively', () => {
    expect(TYPE_EXCLUSION_LIST).toEqual(
      expect.arrayContaining(['Type', 'Image', 'Picture', 'Style', 'Other', 'None']),
    );
    expect(isExcludedType('types')).toBe(true);
    expect(isExcludedType('Photography')).toBe(false);
  });

  it('isSingleWord', () => {
    expect(isSingleWord('Art')).toBe(true);
    expect(isSingleWord(' Art ')).toBe(true);
    expect(isSingleWord('Street Art')).toBe(false);
    expect(isSingleWord('  ')).toBe(false);
  });
});

describe('mergeTypes', () => {
  it('gives seeds then new types, exactly the frequency', () => {
    expect(mergeTypes(['Photography', 'Art'], ['Mosaic', 'Fresco', 'Etching'], 4)).toEqual([
      'Photography',
      'Art',
      'Mosaic',
      'Fresco',
    ]);
  });

  it('gives fewer only when the AI gave too few', () => {
    expect(mergeTypes(['Photography', 'Art'], ['Mosaic'], 5)).toEqual(['Photography', 'Art', 'Mosaic']);
  });

  it('does not repeat a seed among the new types', () => {
    expect(mergeTypes(['Photography', 'Art'], ['art', 'Mosaic'], 3)).toEqual([
      'Photography',
      'Art',
      'Mosaic',
    ]);
  });
});

describe('composeTypeList', () => {
  it('keeps the 4 seeds and fills the rest from the reply, total equal to frequency', () => {
    const types = composeTypeList({
      reply: '1. Sculpture\n2. Art\n3. Painting\n4. Collage',
      frequency: 6,
      random: first,
    });
    expect(types).toEqual(['Photography', 'Art', 'Cartography', 'Illustration', 'Sculpture', 'Painting']);
  });

  it('returns only seeds for a frequency of 4 or less', () => {
    expect(composeTypeList({ reply: 'Sculpture, Painting', frequency: 3, random: first })).toEqual([
      'Photography',
      'Art',
      'Cartography',
    ]);
  });

  it('skips types the user already has and stays short when the reply runs out', () => {
    const types = composeTypeList({
      reply: 'Sculpture, Painting',
      frequency: 8,
      existing: ['Sculpture'],
      random: first,
    });
    expect(types).toEqual(['Photography', 'Art', 'Cartography', 'Illustration', 'Painting']);
  });

  it('applies the exclusion list to new types when seeds are fewer and the frequency is 4 or less', () => {
    const types = composeTypeList({
      reply: 'Image, Mosaic, Fresco',
      frequency: 3,
      seeds: ['Sketch'],
      random: first,
    });
    expect(types).toEqual(['Sketch', 'Mosaic', 'Fresco']);
  });
});

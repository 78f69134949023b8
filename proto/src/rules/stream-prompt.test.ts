import {
  ENHANCE_OPTIONS,
  NO_ENHANCEMENTS,
  STREAM_PROMPT_PARAMETERS,
  buildStreamPrompt,
  type StreamSelection,
} from './stream-prompt';

const selection: StreamSelection = {
  types: ['Photography', 'Art'],
  proItems: ['Portrait', 'Fashion'],
  elements: [
    { name: 'Light', subElements: ['Soft', 'Rim'] },
    { name: 'Shadow', subElements: [] },
  ],
  signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
};

const empty: StreamSelection = { types: [], proItems: [], elements: [], signature: [] };

describe('buildStreamPrompt', () => {
  it("always ends with ' --ar 16:9 --v 6 --q 2'", () => {
    expect(STREAM_PROMPT_PARAMETERS).toBe('--ar 16:9 --v 6 --q 2');
    for (const prompt of [
      buildStreamPrompt(selection),
      buildStreamPrompt(empty),
      buildStreamPrompt(selection, { hyperRealistic: true, eightK: true, fourK: true }),
    ]) {
      expect(prompt.endsWith(' --ar 16:9 --v 6 --q 2')).toBe(true);
      expect(prompt.split('--ar')).toHaveLength(2);
    }
  });

  it('reads the whole selection as sentences', () => {
    expect(buildStreamPrompt(selection)).toBe(
      'Photography and Art image. Professional focus: Portrait, Fashion. Elements: Light (Soft, Rim), Shadow. ' +
        'Signature: Aurora, Dusk, Ember, Frost, Glow, Haze. --ar 16:9 --v 6 --q 2',
    );
  });

  it('changes with each enhance toggle', () => {
    const plain = buildStreamPrompt(selection, NO_ENHANCEMENTS);
    const hyper = buildStreamPrompt(selection, { ...NO_ENHANCEMENTS, hyperRealistic: true });
    const eightK = buildStreamPrompt(selection, { ...NO_ENHANCEMENTS, eightK: true });
    const fourK = buildStreamPrompt(selection, { ...NO_ENHANCEMENTS, fourK: true });
    expect(new Set([plain, hyper, eightK, fourK]).size).toBe(4);
    expect(hyper.startsWith('Hyper-realistic Photography and Art image.')).toBe(true);
    expect(eightK).toContain('Haze. 8k resolution. --ar');
    expect(fourK).toContain('Haze. 4k resolution. --ar');
    expect(buildStreamPrompt(selection, { hyperRealistic: false, eightK: true, fourK: true })).toContain(
      '8k, 4k resolution.',
    );
  });

  it('omits empty parts gracefully', () => {
    expect(buildStreamPrompt(empty)).toBe('Image. --ar 16:9 --v 6 --q 2');
    expect(buildStreamPrompt({ ...empty, types: ['Cartography'] })).toBe(
      'Cartography image. --ar 16:9 --v 6 --q 2',
    );
    expect(buildStreamPrompt({ ...empty, elements: [{ name: 'Light', subElements: [] }] })).toBe(
      'Image. Elements: Light. --ar 16:9 --v 6 --q 2',
    );
    expect(buildStreamPrompt(empty, { hyperRealistic: true, eightK: false, fourK: false })).toBe(
      'Hyper-realistic image. --ar 16:9 --v 6 --q 2',
    );
  });

  it('skips blank names and repeats', () => {
    const messy: StreamSelection = {
      types: [' Art ', '', 'art'],
      proItems: ['  '],
      elements: [
        { name: ' ', subElements: ['Soft'] },
        { name: 'Light', subElements: ['Soft', ' soft', ''] },
      ],
      signature: [],
    };
    expect(buildStreamPrompt(messy)).toBe('Art image. Elements: Light (Soft). --ar 16:9 --v 6 --q 2');
  });

  it('starts the prompt with a capital letter', () => {
    expect(buildStreamPrompt({ ...empty, types: ['photography'] })).toBe(
      'Photography image. --ar 16:9 --v 6 --q 2',
    );
  });

  it('joins three or more types with commas and a final "and"', () => {
    expect(buildStreamPrompt({ ...empty, types: ['Photography', 'Art', 'Illustration'] })).toBe(
      'Photography, Art and Illustration image. --ar 16:9 --v 6 --q 2',
    );
  });

  it('lists the three toggles with their labels', () => {
    expect(ENHANCE_OPTIONS.map((option) => option.label)).toEqual(['Hyper-realistic', '8k', '4k']);
  });
});

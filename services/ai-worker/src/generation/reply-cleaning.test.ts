import { createSeededRandom } from '@promptloom/proto';
import { cleanListReply, cleanSubElementReply } from './reply-cleaning';

const random = createSeededRandom(7);

describe('cleaning a reply per list family (SPEC §5)', () => {
  it('types: seeds first, then new single words, no excluded word at a small frequency', () => {
    const reply = 'Image\nMosaic\nOil painting';
    const small = cleanListReply({ family: 'tl', reply, frequency: 3, seeds: ['Art'], existing: [], random });
    expect(small.map((item) => item.text)).toEqual(['Art', 'Mosaic']);
    const large = cleanListReply({ family: 'tl', reply, frequency: 6, existing: [], random });
    expect(large.map((item) => item.text)).toEqual([
      'Photography',
      'Art',
      'Cartography',
      'Illustration',
      'Image',
      'Mosaic',
    ]);
  });

  it('pro: single words only, none already stored, cut to the frequency', () => {
    const items = cleanListReply({
      family: 'tr',
      reply: '1. Curator\n2. Art director\n3. Gaffer\n4. Colorist',
      frequency: 2,
      existing: ['gaffer'],
      random,
    });
    expect(items.map((item) => item.text)).toEqual(['Curator', 'Colorist']);
  });

  it('signature list: items under 3 words', () => {
    const items = cleanListReply({
      family: 'br',
      reply: 'Golden hour\nVery soft warm light\nGrain',
      frequency: 5,
      existing: [],
      random,
    });
    expect(items.map((item) => item.text)).toEqual(['Golden hour', 'Grain']);
  });

  it('elements: categories with at least 2 single-word items, each item keeping its category', () => {
    const items = cleanListReply({
      family: 'bl',
      reply: 'Light: Glow, Haze\nColor: Teal\n- Mood: Eerie, Calm, very calm',
      frequency: 10,
      existing: [],
      random,
    });
    expect(items).toEqual([
      { text: 'Glow', category: 'Light' },
      { text: 'Haze', category: 'Light' },
      { text: 'Eerie', category: 'Mood' },
      { text: 'Calm', category: 'Mood' },
    ]);
  });

  it('sub-elements: JSON groups or lines, names under 30 characters, cut to the frequency', () => {
    const fromJson = cleanSubElementReply(
      JSON.stringify({ Shape: ['Halo', 'Rim-light'], Tone: ['x'.repeat(30), 'Warm'] }),
      10,
      random,
    );
    expect(fromJson).toEqual([
      { name: 'Halo', group: 'Shape' },
      { name: 'Rim-light', group: 'Shape' },
      { name: 'Warm', group: 'Tone' },
    ]);
    expect(cleanSubElementReply('Shape: Halo, Rim\nTone: Warm', 2, random)).toHaveLength(2);
  });
});

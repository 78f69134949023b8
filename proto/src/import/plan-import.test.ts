import type { ParsedPrompt } from './imported-prompt';
import { parsePrompt } from './parse-prompt';
import { MAX_IMPORTED_CUSTOM_ITEMS, planImport, type ImportCatalogue } from './plan-import';

const catalogue: ImportCatalogue = {
  types: [{ id: 1, name: 'Photography' }],
  proItems: [{ id: 2, name: 'Portrait' }],
  elements: [
    { id: 3, name: 'Light' },
    { id: 4, name: 'Forest' },
  ],
  subElements: [{ id: 5, name: 'Golden hour', elementId: 3 }],
};

function parsed(prompt: string, negative?: string): ParsedPrompt {
  const result = parsePrompt(prompt, negative);
  if (!result.ok) throw new Error(result.message);
  return result.prompt;
}

describe('planImport', () => {
  it('activates names found anywhere in a phrase, in any case, with the weight of its multi-prompt part, and offers what is left as custom items', () => {
    const plan = planImport(
      parsed('photography of a misty FOREST:: golden hour light::2 --ar 16:9 --v 7 --no people'),
      catalogue,
    );
    expect(plan.target).toBe('midjourney-7');
    expect(plan.matched).toEqual([
      { kind: 'type', id: 1, name: 'Photography', elementId: null, weight: 0, avoid: false },
      { kind: 'element', id: 4, name: 'Forest', elementId: null, weight: 0, avoid: false },
      { kind: 'subElement', id: 5, name: 'Golden hour', elementId: 3, weight: 2, avoid: false },
      { kind: 'element', id: 3, name: 'Light', elementId: null, weight: 2, avoid: false },
    ]);
    expect(plan.custom).toEqual([
      { text: 'misty', weight: 0, avoid: false },
      { text: 'people', weight: 0, avoid: true },
    ]);
    expect(plan.parameters).toEqual([{ flag: '--ar', value: '16:9', label: 'aspect ratio' }]);
  });

  it('matches whole words only and the longest name first', () => {
    const plan = planImport(parsed('Lightning over Forestry, golden hour'), {
      ...catalogue,
      elements: [...catalogue.elements, { id: 6, name: 'Golden' }],
    });
    expect(plan.matched.map((item) => item.name)).toEqual(['Golden hour']);
    expect(plan.custom.map((item) => item.text)).toEqual(['Lightning', 'Forestry']);
  });

  it('carries SD weights and the negative prompt to matched and custom items', () => {
    const plan = planImport(parsed('(portrait:1.2), [light], red scarf', 'forest, blurry'), catalogue);
    expect(plan.target).toBe('sdxl');
    expect(plan.matched.map(({ name, weight, avoid }) => ({ name, weight, avoid }))).toEqual([
      { name: 'Portrait', weight: 2, avoid: false },
      { name: 'Light', weight: -1, avoid: false },
      { name: 'Forest', weight: 0, avoid: true },
    ]);
    expect(plan.custom).toEqual([
      { text: 'red scarf', weight: 0, avoid: false },
      { text: 'blurry', weight: 0, avoid: true },
    ]);
  });

  it('splits a sentence at joining words into custom items of at most 29 characters', () => {
    const plan = planImport(
      parsed('A quiet harbour town at dawn with fishing boats and extraordinarilylongwordthatcannotfit'),
      { types: [], proItems: [], elements: [], subElements: [] },
    );
    expect(plan.target).toBe('dall-e-3');
    expect(plan.custom.map((item) => item.text)).toEqual(['quiet harbour town', 'dawn', 'fishing boats']);
  });

  it("offers none of the Stream page's own words as items when its prompt is pasted back", () => {
    const plan = planImport(
      parsed(
        'Photography image. Professional focus: Portrait. Elements: Light (Golden hour). --ar 16:9 --v 6 --q 2',
      ),
      catalogue,
    );
    expect(plan.matched.map((item) => item.name)).toEqual([
      'Photography',
      'Portrait',
      'Light',
      'Golden hour',
    ]);
    expect(plan.custom).toEqual([]);
  });

  it('matches unicode names and names with regex characters', () => {
    const plan = planImport(parsed('café crème, c++ code, 桜'), {
      types: [{ id: 7, name: 'Café Crème' }],
      proItems: [{ id: 8, name: 'C++' }],
      elements: [{ id: 9, name: '桜' }],
      subElements: [],
    });
    expect(plan.matched.map((item) => item.id)).toEqual([7, 8, 9]);
    expect(plan.custom.map((item) => item.text)).toEqual(['code']);
  });

  it('offers a name once, even when it repeats or is already matched', () => {
    const plan = planImport(parsed('misty, Misty hills, hills, forest, Forest'), catalogue);
    expect(plan.matched.map((item) => item.name)).toEqual(['Forest']);
    expect(plan.custom.map((item) => item.text)).toEqual(['misty', 'Misty hills', 'hills']);
  });

  it('offers at most MAX_IMPORTED_CUSTOM_ITEMS custom items and says so', () => {
    const words = Array.from(
      { length: 150 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index}`,
    );
    const plan = planImport(parsed(words.join(', ')), catalogue);
    expect(plan.custom).toHaveLength(MAX_IMPORTED_CUSTOM_ITEMS);
    expect(plan.notes).toContain(
      `Only the first ${MAX_IMPORTED_CUSTOM_ITEMS} new words are offered as custom items.`,
    );
  });
});

import { describe, expect, it } from '@jest/globals';
import { type ImportPlan, type MatchedItem } from '@promptloom/proto';
import { choicesOf, keptParametersOf, markLabel, requestOf } from './import-choices';

const matched = (
  kind: MatchedItem['kind'],
  id: number,
  name: string,
  mark: Partial<MatchedItem> = {},
): MatchedItem => ({
  kind,
  id,
  name,
  elementId: kind === 'subElement' ? 100 : null,
  weight: 0,
  avoid: false,
  ...mark,
});

const plan: ImportPlan = {
  target: 'midjourney-7',
  matched: [
    matched('type', 1, 'Photography', { weight: 2 }),
    matched('element', 2, 'Light'),
    matched('subElement', 3, 'Soft', { avoid: true }),
    matched('pro', 4, 'Portrait'),
  ],
  custom: [
    { text: 'neon fox', weight: -1, avoid: false },
    { text: 'rain', weight: 0, avoid: false },
    { text: 'people', weight: 0, avoid: true },
  ],
  parameters: [
    { flag: '--ar', value: '3:2', label: 'aspect ratio' },
    { flag: '--v', value: '7', label: 'version' },
    { flag: '--no', value: 'text', label: 'negative' },
    { flag: '--made-up', value: '1', label: null },
    { flag: '--stylize', value: '250', label: 'stylize' },
  ],
  ignored: [],
  notes: [],
};

describe('import choices', () => {
  it('starts with every change ticked, custom items going to Elements, keys unique per item', () => {
    const choices = choicesOf(plan);
    expect(choices.target).toBe('midjourney-7');
    expect(choices.matched.every((item) => item.ticked)).toBe(true);
    expect(choices.custom.map((item) => [item.key, item.family, item.ticked])).toEqual([
      ['custom-0', 'bl', true],
      ['custom-1', 'bl', true],
      ['custom-2', 'bl', true],
    ]);
    const keys = [...choices.matched, ...choices.custom].map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(choices.keepParameters).toBe(true);
  });

  it('keeps the known Midjourney parameters other than --v, --niji and --no, without their labels', () => {
    expect(keptParametersOf(plan)).toEqual([
      { flag: '--ar', value: '3:2' },
      { flag: '--stylize', value: '250' },
    ]);
    expect(keptParametersOf({ ...plan, parameters: [] })).toEqual([]);
  });

  it("sends list items by family, sub-elements by id, and every item's mark as pasted, plain ones too", () => {
    const request = requestOf(choicesOf(plan));
    // What the paste avoids (the sub-element Soft, the new word people) is an avoid mark only: not activated,
    // not added to a list.
    expect(request.input).toEqual({
      items: [
        { family: 'tl', itemId: 1 },
        { family: 'bl', itemId: 2 },
        { family: 'tr', itemId: 4 },
      ],
      subElementIds: [],
      custom: [
        { family: 'bl', text: 'neon fox' },
        { family: 'bl', text: 'rain' },
      ],
    });
    // A plain mark (weight 0, not avoided) clears an earlier mark of the name when the settings merge it.
    expect(request.marks).toEqual([
      { name: 'Photography', weight: 2, avoid: false },
      { name: 'Light', weight: 0, avoid: false },
      { name: 'Soft', weight: 0, avoid: true },
      { name: 'Portrait', weight: 0, avoid: false },
      { name: 'neon fox', weight: -1, avoid: false },
      { name: 'rain', weight: 0, avoid: false },
      { name: 'people', weight: 0, avoid: true },
    ]);
    expect(request.parameters).toEqual([
      { flag: '--ar', value: '3:2' },
      { flag: '--stylize', value: '250' },
    ]);
    expect(request.count).toBe(7);
  });

  it('leaves out what the user unticked, with its mark, and sends a custom item to the list chosen', () => {
    const choices = choicesOf(plan);
    choices.matched[0]!.ticked = false;
    choices.custom[0]!.family = 'tr';
    choices.custom[1]!.ticked = false;
    const request = requestOf(choices);
    expect(request.input.items.map((item) => item.itemId)).toEqual([2, 4]);
    expect(request.input.custom).toEqual([{ family: 'tr', text: 'neon fox' }]);
    expect(request.marks.map((mark) => mark.name)).toEqual([
      'Light',
      'Soft',
      'Portrait',
      'neon fox',
      'people',
    ]);
    expect(request.count).toBe(5);
  });

  it('sends no parameters when they are not kept or there are none', () => {
    expect(requestOf({ ...choicesOf(plan), keepParameters: false }).parameters).toBeNull();
    expect(requestOf(choicesOf({ ...plan, parameters: [] })).parameters).toBeNull();
  });

  it('sends nothing for an empty plan', () => {
    const request = requestOf(choicesOf({ ...plan, matched: [], custom: [], parameters: [] }));
    expect(request).toEqual({
      input: { items: [], subElementIds: [], custom: [] },
      marks: [],
      parameters: null,
      count: 0,
    });
  });
});

describe('markLabel', () => {
  it('writes a weight with its sign (a true minus), avoid over any weight, and nothing for none', () => {
    expect(markLabel({ weight: 2, avoid: false })).toBe('+2');
    expect(markLabel({ weight: -1, avoid: false })).toBe('−1');
    expect(markLabel({ weight: 1, avoid: true })).toBe('avoid');
    expect(markLabel({ weight: 0, avoid: false })).toBe('');
  });
});

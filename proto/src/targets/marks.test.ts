import { NO_ENHANCEMENTS, type StreamSelection } from '../rules/stream-prompt';
import { splitByMarks } from './marks';
import { renderPrompt } from './render';

const selection: StreamSelection = {
  types: ['Photography'],
  proItems: [],
  elements: [{ name: 'Fog', subElements: [] }],
  signature: [],
};

describe('splitByMarks', () => {
  it('avoids a word that is not in the selection, after the selection’s own avoided items', () => {
    const split = splitByMarks(selection, {
      people: { weight: 0, avoid: true, name: 'People' },
      fog: { weight: 0, avoid: true },
      castle: { weight: 2, avoid: false },
    });
    expect(split.avoided).toEqual(['Fog', 'People']);
    // A weight on a word the selection does not hold has nothing to weigh.
    expect(split.weighted).toEqual([]);
    expect(split.rest.elements).toEqual([]);
  });

  it('lists a word once when the selection holds it and it is avoided', () => {
    expect(splitByMarks(selection, { fog: { weight: 1, avoid: true } }).avoided).toEqual(['Fog']);
  });

  it('writes an avoided word outside the selection as every target writes avoided items', () => {
    const input = {
      selection,
      toggles: NO_ENHANCEMENTS,
      marks: { people: { weight: 0 as const, avoid: true } },
    };
    expect(renderPrompt('midjourney-7', input).prompt).toContain('--no people');
    expect(renderPrompt('sdxl', input).negativePrompt).toBe('people');
    expect(renderPrompt('sdxl', input).prompt).toContain('Fog');
  });
});

import {
  NO_ENHANCEMENTS,
  buildStreamPrompt,
  type EnhanceToggles,
  type StreamSelection,
} from '../rules/stream-prompt';
import { checkPrompt } from './check';
import type { ItemMark } from './marks';
import { renderPrompt } from './render';
import { PROMPT_TARGETS, type PromptTarget } from './targets';

const selection: StreamSelection = {
  types: ['Photography', 'Art'],
  proItems: ['Portrait'],
  elements: [
    { name: 'Light', subElements: ['Soft', 'Rim'] },
    { name: 'Shadow', subElements: [] },
  ],
  signature: ['Aurora', 'Dusk'],
};
const empty: StreamSelection = { types: [], proItems: [], elements: [], signature: [] };
const allToggles: EnhanceToggles = { hyperRealistic: true, eightK: true, fourK: true };
const marks: Record<string, ItemMark> = {
  rim: { weight: 2, avoid: false },
  shadow: { weight: -1, avoid: false },
  dusk: { weight: 0, avoid: true },
};
const render = (target: PromptTarget, withMarks = false, toggles = NO_ENHANCEMENTS) =>
  renderPrompt(target, { selection, toggles, marks: withMarks ? marks : undefined });

describe('renderPrompt', () => {
  it('gives exactly the Stream prompt for Midjourney v6 without marks', () => {
    for (const sel of [selection, empty, { ...empty, types: ['photography'] }])
      for (const toggles of [NO_ENHANCEMENTS, allToggles, { ...NO_ENHANCEMENTS, fourK: true }])
        expect(renderPrompt('midjourney-6', { selection: sel, toggles }).prompt).toBe(
          buildStreamPrompt(sel, toggles),
        );
    expect(render('midjourney-6').prompt.endsWith(' --ar 16:9 --v 6 --q 2')).toBe(true);
    // Marks that change nothing (weight 0, not avoided) keep it exact too.
    expect(
      renderPrompt('midjourney-6', {
        selection,
        toggles: NO_ENHANCEMENTS,
        marks: { rim: { weight: 0, avoid: false } },
      }).prompt,
    ).toBe(buildStreamPrompt(selection));
  });

  it('ends each Midjourney target with its own version', () => {
    expect(render('midjourney-6.1').prompt.endsWith('. --ar 16:9 --v 6.1 --q 2')).toBe(true);
    expect(render('midjourney-7').prompt.endsWith('. --ar 16:9 --v 7 --q 2')).toBe(true);
    expect(render('niji-6').prompt.endsWith('. --ar 16:9 --niji 6 --q 2')).toBe(true);
  });

  it('writes Midjourney weights as :: parts and avoided items as --no', () => {
    expect(render('midjourney-6', true).prompt).toBe(
      'Photography and Art image. Professional focus: Portrait. Elements: Light (Soft). Signature: Aurora.:: ' +
        'Rim::2 Shadow::0.5 --no Dusk --ar 16:9 --v 6 --q 2',
    );
  });

  it('writes Stable Diffusion weights as (x:1.2) and avoided items in the negative prompt', () => {
    expect(render('sdxl')).toEqual({
      prompt: 'Photography and Art image, Portrait, Light with Soft and Rim, Shadow, Aurora, Dusk',
      negativePrompt: '',
      leftOut: [],
    });
    expect(render('sdxl', true, allToggles)).toEqual({
      prompt:
        'hyper-realistic Photography and Art image, Portrait, Light with Soft, Aurora, (Rim:1.2), (Shadow:0.9), 8k, 4k',
      negativePrompt: 'Dusk',
      leftOut: [],
    });
  });

  it('gives Flux no negative prompt: avoided items are left out of the prompt, and named', () => {
    for (const target of ['flux-dev', 'flux-schnell'] as const) {
      expect(render(target)).toEqual({
        prompt: 'Photography and Art image, Portrait, Light with Soft and Rim, Shadow, Aurora, Dusk',
        negativePrompt: null,
        leftOut: [],
      });
      expect(render(target, true, allToggles)).toEqual({
        prompt:
          'hyper-realistic Photography and Art image, Portrait, Light with Soft, Aurora, (Rim:1.2), (Shadow:0.9), 8k, 4k',
        negativePrompt: null,
        leftOut: ['Dusk'],
      });
    }
  });

  it('weights a whole element with its sub-elements', () => {
    const prompt = renderPrompt('sdxl', {
      selection,
      toggles: NO_ENHANCEMENTS,
      marks: { light: { weight: -2, avoid: false }, soft: { weight: 0, avoid: true } },
    });
    expect(prompt.prompt).toContain('(Light with Rim:0.8)');
    expect(prompt.negativePrompt).toBe('Soft');
  });

  it('writes natural language as sentences with weights in words and "without"', () => {
    expect(render('dall-e-3').prompt).toBe(
      'A Photography and Art image. The professional focus is Portrait. It shows Light (Soft and Rim) and Shadow. ' +
        'Its signature is Aurora and Dusk.',
    );
    expect(render('dall-e-3', true, allToggles)).toEqual({
      prompt:
        'A hyper-realistic Photography and Art image. The professional focus is Portrait. It shows Light (Soft). ' +
        'Its signature is Aurora. Make Rim very prominent and Shadow subtle. In 8k and 4k resolution. Without Dusk.',
      negativePrompt: null,
      leftOut: [],
    });
    expect(renderPrompt('dall-e-3', { selection: empty, toggles: NO_ENHANCEMENTS }).prompt).toBe('An image.');
  });

  it('escapes brackets in names for Stable Diffusion and keeps flags out of Midjourney names', () => {
    const odd: StreamSelection = { ...empty, types: ['Art'], proItems: ['Film (35mm)', '--tile'] };
    expect(renderPrompt('sdxl', { selection: odd, toggles: NO_ENHANCEMENTS }).prompt).toBe(
      'Art image, Film \\(35mm\\), --tile',
    );
    const mj = renderPrompt('midjourney-7', {
      selection: odd,
      toggles: NO_ENHANCEMENTS,
      marks: { '--tile': { weight: 1, avoid: false } },
    });
    expect(mj.prompt).toBe('Art image. Professional focus: Film (35mm).:: tile::1.5 --ar 16:9 --v 7 --q 2');
  });

  it('renders prompts that pass their own checker, with and without marks', () => {
    for (const target of PROMPT_TARGETS)
      for (const withMarks of [false, true]) {
        const rendered = render(target, withMarks, allToggles);
        expect([target, checkPrompt(target, rendered.prompt, rendered.negativePrompt)]).toEqual([target, []]);
      }
  });
});

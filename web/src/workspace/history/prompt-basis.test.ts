import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PROMPT_TARGET } from '@promptloom/proto';
import {
  promptBasisOf,
  restorableSignatureOf,
  savedTargetOf,
  versionBasisOf,
  type PageSettings,
} from './prompt-basis';
import { type PromptVersionView } from './prompt-history-operations';

const SIGNATURE = ['Bold', 'Calm', 'Dark', 'Epic', 'Fine', 'Grim'];

function version(snapshot: Partial<PromptVersionView['snapshot']> = {}): PromptVersionView {
  return {
    id: 1,
    prompt: 'saved prompt',
    negativePrompt: null,
    origin: 'manual' as PromptVersionView['origin'],
    createdAt: '2026-01-01T00:00:00.000Z',
    snapshot: {
      target: 'midjourney-7',
      signatureType: null,
      signatureElements: null,
      parameters: null,
      toggles: { hyperRealistic: false, eightK: false, fourK: false },
      selection: { types: ['Photography'], proItems: [], signature: [], elements: [] },
      ...snapshot,
    },
  };
}

const page: PageSettings = {
  marks: {},
  parameters: [{ flag: '--ar', value: '16:9' }],
  signature: ['Hazy', 'Icy', 'Jade', 'Keen', 'Lush', 'Mild'],
};

/** The prompt text a basis was built from. */
const promptOf = (basis: string): string => (JSON.parse(basis) as string[])[1]!;

describe('prompt basis', () => {
  it('changes with the target, the prompt and the negative prompt, and only with them', () => {
    const basis = promptBasisOf('sdxl', { prompt: 'a fox', negativePrompt: 'blur' });
    expect(promptBasisOf('sdxl', { prompt: 'a fox', negativePrompt: 'blur' })).toBe(basis);
    expect(promptBasisOf('flux-dev', { prompt: 'a fox', negativePrompt: 'blur' })).not.toBe(basis);
    expect(promptBasisOf('sdxl', { prompt: 'a cat', negativePrompt: 'blur' })).not.toBe(basis);
    expect(promptBasisOf('sdxl', { prompt: 'a fox', negativePrompt: '' })).not.toBe(basis);
  });

  it('takes no negative prompt as an empty one', () => {
    expect(promptBasisOf('midjourney-7', { prompt: 'p', negativePrompt: null })).toBe(
      promptBasisOf('midjourney-7', { prompt: 'p', negativePrompt: '' }),
    );
  });

  it('restores a saved target, or the default when it is no longer offered', () => {
    expect(savedTargetOf(version({ target: 'flux-schnell' }))).toBe('flux-schnell');
    expect(savedTargetOf(version({ target: 'midjourney-5' }))).toBe(DEFAULT_PROMPT_TARGET);
  });

  it('restores a version saved with an earlier target id as the target that replaced it', () => {
    expect(savedTargetOf(version({ target: 'natural' }))).toBe('dall-e-3');
    expect(savedTargetOf(version({ target: 'flux' }))).toBe('flux-dev');
  });

  it('restores a signature only when the version has a whole one (six names)', () => {
    const whole = version({ selection: { types: [], proItems: [], elements: [], signature: SIGNATURE } });
    expect(restorableSignatureOf(whole)).toEqual(SIGNATURE);
    const partial = version({
      selection: { types: [], proItems: [], elements: [], signature: SIGNATURE.slice(1) },
    });
    expect(restorableSignatureOf(partial)).toBeNull();
    expect(restorableSignatureOf(version())).toBeNull();
  });

  it('keeps today’s signature when the version has none, and the version’s own when it has one', () => {
    const withoutSignature = promptOf(versionBasisOf(version(), page));
    expect(withoutSignature).toContain('Hazy');
    const withSignature = promptOf(
      versionBasisOf(
        version({ selection: { types: ['Photography'], proItems: [], elements: [], signature: SIGNATURE } }),
        page,
      ),
    );
    expect(withSignature).toContain('Bold');
    expect(withSignature).not.toContain('Hazy');
  });

  it('uses the version’s parameters over the page’s, and the page’s when the version kept none', () => {
    expect(promptOf(versionBasisOf(version(), page))).toContain('--ar 16:9');
    const own = promptOf(versionBasisOf(version({ parameters: [{ flag: '--ar', value: '3:2' }] }), page));
    expect(own).toContain('--ar 3:2');
    expect(own).not.toContain('16:9');
  });

  it('writes the prompt for the version’s target', () => {
    expect(JSON.parse(versionBasisOf(version({ target: 'gpt-image-1' }), page))[0]).toBe('gpt-image-1');
    expect(promptOf(versionBasisOf(version({ target: 'midjourney-7' }), page))).toContain('--v 7');
  });
});

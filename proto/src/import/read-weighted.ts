import type { ImportedPhrase } from './imported-prompt';
import { chunksOf } from './prompt-chunks';
import { readSdWeights } from './sd-weights';
import { sdWeightStep } from './weight-steps';

/** A Stable Diffusion prompt's phrases, weighted by their emphasis; with `avoid` all of them (a negative prompt). */
export function readWeighted(text: string, avoid: boolean): { phrases: ImportedPhrase[]; loras: string[] } {
  const { runs, loras } = readSdWeights(text);
  const phrases = runs.flatMap((run) =>
    avoid ? chunksOf(run.text, 0, true) : chunksOf(run.text, sdWeightStep(run.weight), false),
  );
  return { phrases, loras };
}

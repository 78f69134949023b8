import type { ItemWeight } from '../targets/marks';
import { WEIGHT_STEP } from '../targets/render-weighted';

const clampStep = (step: number): ItemWeight => Math.max(-2, Math.min(2, step)) as ItemWeight;

/** A Stable Diffusion attention weight (1.2) as the Stream page's steps (+2); one step is 0.1, as it renders. */
export function sdWeightStep(weight: number): ItemWeight {
  // The epsilon keeps 1.1 × 1.1 = 1.2100000000000002 from rounding a step differently than 1.21 would.
  return clampStep(Math.round((weight - 1) / WEIGHT_STEP + 1e-9) + 0);
}

/**
 * A Midjourney multi-prompt weight (`::1.5`) as steps: the renderer writes −2…+2 as 0.25, 0.5, 1.5, 2
 * (MIDJOURNEY_STEP_WEIGHTS); a weight is read as the nearest of those. A weight of 0 or less means "leave out".
 */
export function midjourneyWeightStep(weight: number): ItemWeight | 'avoid' {
  if (weight <= 0) return 'avoid';
  if (weight >= 1.75) return 2;
  if (weight >= 1.25) return 1;
  if (weight > 0.75) return 0;
  return weight >= 0.375 ? -1 : -2;
}

// Issue #19: pasting an existing prompt. Pure: reading Midjourney / Stable Diffusion / plain text, and matching
// it against the user's lists.
export * from './import-input';
export * from './imported-prompt';
export * from './parse-prompt';
export * from './plan-import';
export { MAX_IMPORTED_PHRASES } from './prompt-chunks';
export { sdWeightStep, midjourneyWeightStep } from './weight-steps';

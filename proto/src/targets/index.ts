// Issue 18: prompt targets. Pure functions: rendering a selection per target, checking a prompt against the
// chosen target's syntax, counting the tokens or characters the target reads.
export * from './targets';
export * from './marks';
export * from './render';
export { MIDJOURNEY_TARGET_PARAMETERS, MIDJOURNEY_STEP_WEIGHTS } from './render-midjourney';
export { WEIGHT_STEP, stepWeight } from './render-weighted';
export { NATURAL_WEIGHT_WORDS } from './render-natural';
export * from './midjourney-parameters';
export * from './sd-syntax';
export * from './problems';
export * from './check';
export { describeAccepted } from './check-midjourney';
export * from './clip-tokens';
export * from './token-count';
export * from './reading-windows';
export { T5_TOKENS_PER_WORD } from './t5-estimate';
export * from './check-input';
export * from './refine-answer';
export * from './prompt-parameters';

import { DEFAULT_PROMPT_TARGET, PROMPT_TARGETS, renderPrompt, type PromptTarget } from '@promptloom/proto';
import { type PromptVersionView } from './prompt-history-operations';

type RenderInput = Parameters<typeof renderPrompt>[1];
type Rendered = ReturnType<typeof renderPrompt>;

/** What the Stream page's default prompt is built from: when it changes, the prompt box is rebuilt. */
export const promptBasisOf = (target: PromptTarget, rendered: Rendered): string =>
  JSON.stringify([target, rendered.prompt, rendered.negativePrompt ?? '']);

/** A saved target, or the default when it is no longer offered. */
export const savedTargetOf = (version: PromptVersionView): PromptTarget =>
  PROMPT_TARGETS.find((target) => target === version.snapshot.target) ?? DEFAULT_PROMPT_TARGET;

/** The basis the page reaches once a version's selection, toggles and target are back. */
export function versionBasisOf(version: PromptVersionView, marks: RenderInput['marks']): string {
  const { selection, toggles } = version.snapshot;
  const target = savedTargetOf(version);
  return promptBasisOf(target, renderPrompt(target, { selection, toggles, marks }));
}

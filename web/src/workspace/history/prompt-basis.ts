import {
  SIGNATURE_SIZE,
  renderPrompt,
  toPromptTarget,
  type PromptTarget,
  type RenderedPrompt,
} from '@promptloom/proto';
import { type PromptVersionView } from './prompt-history-operations';

type RenderInput = Parameters<typeof renderPrompt>[1];
type Rendered = Pick<RenderedPrompt, 'prompt' | 'negativePrompt'>;

/** What the Stream page's default prompt is built from: when it changes, the prompt box is rebuilt. */
export const promptBasisOf = (target: PromptTarget, rendered: Rendered): string =>
  JSON.stringify([target, rendered.prompt, rendered.negativePrompt ?? '']);

/** A saved target (an earlier version's id read as its new one), or the default when it is no longer offered. */
export const savedTargetOf = (version: PromptVersionView): PromptTarget =>
  toPromptTarget(version.snapshot.target);

/**
 * The signature a restore saves again: the version's, when it had a whole one. A version saved without a
 * signature leaves today's in place (removing it would lose its code).
 */
export const restorableSignatureOf = (version: PromptVersionView): string[] | null => {
  const names = version.snapshot.selection.signature;
  return names.length === SIGNATURE_SIZE ? names : null;
};

/** What the page holds now that a restore keeps when the version has none of its own. */
export interface PageSettings {
  marks: RenderInput['marks'];
  parameters: NonNullable<RenderInput['parameters']>;
  signature: readonly string[];
}

/** The basis the page reaches once a version's selection, signature, toggles, target and parameters are back. */
export function versionBasisOf(version: PromptVersionView, page: PageSettings): string {
  const { selection, toggles, parameters } = version.snapshot;
  const target = savedTargetOf(version);
  const restored = { ...selection, signature: restorableSignatureOf(version) ?? page.signature };
  return promptBasisOf(
    target,
    renderPrompt(target, {
      selection: restored,
      toggles,
      marks: page.marks,
      parameters: parameters ?? page.parameters,
    }),
  );
}

import { PROMPT_TARGET_LABELS, type PromptTarget } from '@promptloom/proto';

/** Names the avoided items a target cannot say (Flux has no negative prompt), so none is dropped silently. */
export function LeftOutNote({ target, names }: { target: PromptTarget; names: readonly string[] }) {
  if (names.length === 0) return null;
  const label = PROMPT_TARGET_LABELS[target];
  return (
    <p className="token-count left-out-note" role="status">
      {label} has no negative prompt: {names.join(', ')} {names.length === 1 ? 'is' : 'are'} left out of the
      prompt (naming a thing, even with &quot;without&quot;, tends to bring it in).
    </p>
  );
}

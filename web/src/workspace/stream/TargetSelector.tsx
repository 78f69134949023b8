import { PROMPT_TARGETS, PROMPT_TARGET_LABELS, type PromptTarget } from '@promptloom/proto';

/** Which generator the prompt is written for; the choice is the user's, kept on the server. */
export function TargetSelector({
  target,
  onChange,
}: {
  target: PromptTarget;
  onChange: (target: PromptTarget) => void;
}) {
  return (
    <div className="field target-field">
      <label htmlFor="stream-target">Target</label>
      <select
        id="stream-target"
        className="target-select"
        value={target}
        onChange={(event) => {
          const chosen = PROMPT_TARGETS.find((value) => value === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {PROMPT_TARGETS.map((value) => (
          <option key={value} value={value}>
            {PROMPT_TARGET_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

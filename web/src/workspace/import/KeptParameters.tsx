import { targetFamily, withParameters, type PromptParameter, type PromptTarget } from '@promptloom/proto';
import './import-dialog.css';

/** The Midjourney parameters kept from an imported prompt (issue #19), with a way to drop them. */
export function KeptParameters({
  target,
  parameters,
  onClear,
}: {
  target: PromptTarget;
  parameters: readonly PromptParameter[];
  onClear: () => void;
}) {
  if (parameters.length === 0 || targetFamily(target) !== 'midjourney') return null;
  return (
    <p className="import-action kept-parameters">
      <span>
        Your parameters: <code>{withParameters('', parameters)}</code>
      </span>
      <button type="button" className="button-secondary" onClick={onClear}>
        Clear parameters
      </button>
    </p>
  );
}

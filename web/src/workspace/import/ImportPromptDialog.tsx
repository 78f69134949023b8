import { useEffect, useRef, useState } from 'react';
import { parsePrompt, planImport, PROMPT_IMPORT_MAX_CHARS, type ImportPlan } from '@promptloom/proto';
import { choicesOf, type ImportChoices } from './import-choices';
import { ImportPreview } from './ImportPreview';
import { useApplyImport } from './useApplyImport';
import { useImportCatalogue } from './useImportCatalogue';
import './import-dialog.css';

const errorOf = (error: unknown): string => {
  const fields = (error as { errors?: Array<{ message?: string }> }).errors;
  return fields?.[0]?.message ?? (error instanceof Error ? error.message : 'The import failed.');
};

/**
 * Issue #19: paste a Midjourney, Stable Diffusion or plain prompt, see what it would change, untick what is not
 * wanted, accept. A native modal dialog: focus stays inside, Escape closes it.
 */
export function ImportPromptDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (count: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const catalogue = useImportCatalogue();
  const apply = useApplyImport();
  const [prompt, setPrompt] = useState('');
  const [negative, setNegative] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const [busy, setBusy] = useState(false);
  const promptBox = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function preview() {
    setError(null);
    const parsed = parsePrompt(prompt, negative);
    if (!parsed.ok) {
      setError(parsed.message);
      promptBox.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = planImport(parsed.prompt, await catalogue.load());
      setPlan(next);
      setChoices(choicesOf(next));
    } catch {
      setError('Your lists could not be read; try again.');
    } finally {
      setBusy(false);
    }
  }

  async function accept() {
    if (!choices) return;
    setError(null);
    setBusy(true);
    try {
      onImported(await apply(choices));
    } catch (failure) {
      setError(errorOf(failure));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="import-dialog"
      aria-labelledby="import-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="import-dialog-title">Import prompt</h2>
      {!plan || !choices ? (
        <>
          <div className="field">
            <label htmlFor="import-prompt">Prompt</label>
            <textarea
              id="import-prompt"
              ref={promptBox}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'import-error' : 'import-limit'}
              rows={6}
              value={prompt}
              placeholder="misty forest, red fox --ar 16:9 --v 6 --no trees"
              onChange={(event) => setPrompt(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="import-negative">Negative prompt (Stable Diffusion, optional)</label>
            <textarea
              id="import-negative"
              rows={2}
              value={negative}
              onChange={(event) => setNegative(event.target.value)}
            />
          </div>
          <p className="import-note" id="import-limit">
            Up to {PROMPT_IMPORT_MAX_CHARS.toLocaleString('en')} characters of plain text.
          </p>
        </>
      ) : (
        <ImportPreview plan={plan} choices={choices} onChange={setChoices} />
      )}
      {error && (
        <p className="form-error" role="alert" id="import-error">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
        {plan ? (
          <>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => {
                setPlan(null);
                setChoices(null);
                setError(null);
                // The paste box comes back with what was pasted; the focus goes back to it.
                requestAnimationFrame(() => promptBox.current?.focus());
              }}
            >
              Back
            </button>
            <button type="button" className="button-primary" disabled={busy} onClick={() => void accept()}>
              {busy ? 'Importing…' : 'Accept'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button-primary"
            disabled={busy || !catalogue.ready}
            onClick={() => void preview()}
          >
            {busy ? 'Reading…' : catalogue.ready ? 'Preview' : 'Loading your lists…'}
          </button>
        )}
      </div>
    </dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { ImportPromptDialog } from './ImportPromptDialog';

/**
 * The Stream page's "Import prompt" action and what the last import did. When the dialog closes the focus comes
 * back here: to the result after an import (a status a screen reader reads), to the button after Cancel.
 */
export function ImportPrompt() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [closedBy, setClosedBy] = useState<'import' | 'cancel' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (closedBy === 'import') result.current?.focus();
    if (closedBy === 'cancel') button.current?.focus();
  }, [closedBy]);

  return (
    <div className="import-action">
      <button
        type="button"
        ref={button}
        className="button-secondary"
        onClick={() => {
          setDone(null);
          setClosedBy(null);
          setOpen(true);
        }}
      >
        Import prompt
      </button>
      <p className={done ? 'notice' : 'visually-hidden'} role="status" tabIndex={-1} ref={result}>
        {done}
      </p>
      {open && (
        <ImportPromptDialog
          onClose={() => {
            setOpen(false);
            setClosedBy('cancel');
          }}
          onImported={(count) => {
            setOpen(false);
            setDone(`Prompt imported: ${count} item${count === 1 ? '' : 's'} applied.`);
            setClosedBy('import');
          }}
        />
      )}
    </div>
  );
}

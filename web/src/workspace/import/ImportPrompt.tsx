import { useState } from 'react';
import { ImportPromptDialog } from './ImportPromptDialog';

/** The Stream page's "Import prompt" action and what the last import did. */
export function ImportPrompt() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="import-action">
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        Import prompt
      </button>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {open && (
        <ImportPromptDialog
          onClose={() => setOpen(false)}
          onImported={(count) => {
            setOpen(false);
            setDone(`Prompt imported: ${count} item${count === 1 ? '' : 's'} applied.`);
          }}
        />
      )}
    </div>
  );
}

import { useState } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title?: string;
  text: string;
  onCancel(): void;
  /** Resolves to an error message to show, or null when done (the caller then closes the dialog). */
  onConfirm(): Promise<string | null>;
}

/** SPEC §2 delete confirmation: the question, Cancel and Delete; a failure keeps it open (SPEC §8). */
export function ConfirmDialog({ title = 'Confirm Delete', text, onCancel, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{text}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(await onConfirm());
            setBusy(false);
          }}
        >
          Delete
        </button>
      </div>
    </Modal>
  );
}

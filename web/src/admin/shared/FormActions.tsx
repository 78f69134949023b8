/** A modal form's Cancel and submit buttons. */
export function FormActions({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel(): void;
}) {
  return (
    <div className="admin-modal-actions">
      <button type="button" className="button-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}

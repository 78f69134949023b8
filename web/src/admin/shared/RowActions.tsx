/** A row's Edit and Delete buttons, named with the row so screen readers can tell rows apart. */
export function RowActions({ label, onEdit, onDelete }: { label: string; onEdit(): void; onDelete(): void }) {
  return (
    <div className="admin-row-actions">
      <button type="button" className="button-link" aria-label={`Edit ${label}`} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="button-link danger" aria-label={`Delete ${label}`} onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}

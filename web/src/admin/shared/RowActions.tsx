import { RowMenu, type RowMenuItem } from './RowMenu';

interface RowActionsProps {
  /** The row's name, so screen readers can tell the rows' buttons apart ('Edit Kelp', 'Actions for Kelp'). */
  label: string;
  onEdit(): void;
  onDelete(): void;
  /** Actions of this kind of row (Regenerate, How was this made), listed before Delete. */
  more?: RowMenuItem[];
}

/** A row's actions on one line: Edit, the one used most, and the others in its 'Actions' menu. */
export function RowActions({ label, onEdit, onDelete, more = [] }: RowActionsProps) {
  return (
    <div className="admin-row-actions">
      <button type="button" className="button-link" aria-label={`Edit ${label}`} onClick={onEdit}>
        Edit
      </button>
      <RowMenu label={label} items={[...more, { label: 'Delete', onSelect: onDelete, danger: true }]} />
    </div>
  );
}

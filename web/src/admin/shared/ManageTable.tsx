import { DataTable, type Column } from './DataTable';
import { RowActions } from './RowActions';
import { serialColumn } from './serial-column';

interface ManageTableProps<T extends { id: number }> {
  columns: Array<Column<T>>;
  rows: T[] | undefined;
  firstNumber: number;
  emptyText: string;
  rowLabel(row: T): string;
  onEdit(row: T): void;
  onDelete(row: T): void;
}

/** A management table: Sr No, the given columns, and Edit (Delete in its menu) per row; the spec's text when empty. */
export function ManageTable<T extends { id: number }>(props: ManageTableProps<T>) {
  const { columns, rows, firstNumber, emptyText, rowLabel, onEdit, onDelete } = props;
  return (
    <DataTable<T>
      label="Records table"
      columns={[serialColumn<T>(firstNumber - 1), ...columns]}
      rows={rows}
      rowKey={(row) => row.id}
      emptyText={emptyText}
      actions={(row) => (
        <RowActions label={rowLabel(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
      )}
    />
  );
}

import { type ReactNode } from 'react';
import { EmptyRow } from './EmptyRow';
import { RowActions } from './RowActions';
import { TableScroll } from './TableScroll';

interface ManageTableProps<T extends { id: number }> {
  columns: Array<{ label: string; cell(row: T): ReactNode }>;
  rows: T[] | undefined;
  firstNumber: number;
  emptyText: string;
  rowLabel(row: T): string;
  onEdit(row: T): void;
  onDelete(row: T): void;
}

/** A management table: Sr No, the given columns, and Edit/Delete per row; the spec's text when empty. */
export function ManageTable<T extends { id: number }>(props: ManageTableProps<T>) {
  const { columns, rows, firstNumber, emptyText, rowLabel, onEdit, onDelete } = props;
  return (
    <TableScroll label="Records table">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Sr No</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows && rows.length === 0 && <EmptyRow columns={columns.length + 2} text={emptyText} />}
          {rows?.map((row, index) => (
            <tr key={row.id}>
              <td>{firstNumber + index}</td>
              {columns.map((column) => (
                <td key={column.label}>{column.cell(row)}</td>
              ))}
              <td>
                <RowActions label={rowLabel(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

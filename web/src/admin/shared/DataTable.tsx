import { type ReactNode } from 'react';
import { SortHeader, type SortState } from '../records/SortHeader';
import { EmptyRow } from './EmptyRow';
import { SortSelect } from './SortSelect';
import { TableScroll } from './TableScroll';

export interface Column<T> {
  label: string;
  /** The server's sort key: the header sorts by it when the table sorts. */
  sort?: string;
  /** Right-aligned, for numbers; never cut. */
  numeric?: boolean;
  /** A short value of a set form (a date, a status): never cut. */
  whole?: boolean;
  /** Text that reads badly cut (an email): cut later than the others. */
  wide?: boolean;
  /** The cell's text (of the row at this index of the page): one line on a wide screen, cut with '…', whole in its title. */
  text(row: T, index: number): string | number;
  /** A title other than the text (an outcome's failure). */
  title?(row: T): string | undefined;
}

interface DataTableProps<T> {
  /** The name of the table's scroll region. */
  label: string;
  className?: string;
  columns: Array<Column<T>>;
  /** Undefined while the first page loads (no 'empty' text yet). */
  rows: T[] | undefined;
  rowKey(row: T): number;
  emptyText: string;
  sort?: { state: SortState; onSort(next: SortState): void };
  /** The row the keyboard selected (useTableKeys). */
  selected?: number;
  /** The last column's header and content: the row's actions. */
  actionsLabel?: string;
  actions?(row: T): ReactNode;
}

/**
 * An admin table: one line a row on a wide screen (long text cut, whole in its title; numbers on the right), and on
 * a phone a card a row, each cell under its column's name (admin.css), so nothing scrolls sideways; there a select
 * sorts, as no header shows.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, className, columns, rows, rowKey, emptyText, sort, selected, actions } = props;
  const actionsLabel = props.actionsLabel ?? 'Action';
  const width = columns.length + (actions ? 1 : 0);
  return (
    <>
      {sort && <SortSelect columns={columns} state={sort.state} onSort={sort.onSort} />}
      <TableScroll label={label}>
        <table className={className ? `admin-table ${className}` : 'admin-table'}>
          <thead>
            <tr>
              {columns.map((column) =>
                sort ? (
                  <SortHeader
                    key={column.label}
                    label={column.label}
                    column={column.sort}
                    numeric={column.numeric}
                    state={sort.state}
                    onSort={sort.onSort}
                  />
                ) : (
                  <th key={column.label} scope="col" className={column.numeric ? 'numeric' : undefined}>
                    {column.label}
                  </th>
                ),
              )}
              {actions && <th scope="col">{actionsLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {rows && rows.length === 0 && <EmptyRow columns={width} text={emptyText} />}
            {rows?.map((row, index) => (
              <tr key={rowKey(row)} className={index === selected ? 'selected' : undefined}>
                {columns.map((column) => {
                  const text = String(column.text(row, index));
                  const whole = column.numeric || column.whole;
                  return (
                    <td
                      key={column.label}
                      data-label={column.label}
                      className={column.numeric ? 'numeric' : undefined}
                    >
                      <span
                        className={`admin-cell-text${whole ? ' whole' : column.wide ? ' wide' : ''}`}
                        title={column.title?.(row) ?? (whole || !text ? undefined : text)}
                      >
                        {text}
                      </span>
                    </td>
                  );
                })}
                {actions && <td className="admin-cell-actions">{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

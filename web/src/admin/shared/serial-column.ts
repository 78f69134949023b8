import { type Column } from './DataTable';

/** SPEC §2 'Sr No': the row's number over every page (the rows before this page, `before`, plus its place). */
export function serialColumn<T>(before: number): Column<T> {
  return { label: 'Sr No', sort: 'id', numeric: true, text: (_row, index) => before + index + 1 };
}

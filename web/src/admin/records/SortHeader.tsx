export interface SortState {
  sort: string;
  direction: 'asc' | 'desc';
}

interface SortHeaderProps {
  label: string;
  column?: string;
  /** A column of numbers: its header on the right, over them. */
  numeric?: boolean;
  state: SortState;
  onSort(next: SortState): void;
}

/** A column header; sortable ones are buttons that sort on the server (asc, then desc). */
export function SortHeader({ label, column, numeric, state, onSort }: SortHeaderProps) {
  const className = numeric ? 'numeric' : undefined;
  if (!column)
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  const active = state.sort === column;
  const ariaSort = active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button
        type="button"
        className="admin-sort"
        onClick={() =>
          onSort({ sort: column, direction: active && state.direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {label}
        <span aria-hidden="true">{active ? (state.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

import { type SortState } from '../records/SortHeader';
import { SelectField } from './SelectField';

const DIRECTIONS = [
  { direction: 'asc', words: 'ascending' },
  { direction: 'desc', words: 'descending' },
] as const;

/**
 * The sort of a table laid out as cards (a phone), where no header shows: one choice per sortable column and
 * direction. Shown only then (admin.css).
 */
export function SortSelect({
  columns,
  state,
  onSort,
}: {
  columns: Array<{ label: string; sort?: string }>;
  state: SortState;
  onSort(next: SortState): void;
}) {
  const options = columns.flatMap((column) =>
    column.sort
      ? DIRECTIONS.map(({ direction, words }) => ({
          value: `${column.sort}:${direction}`,
          label: `${column.label}, ${words}`,
        }))
      : [],
  );
  return (
    <div className="admin-sort-select">
      <SelectField
        label="Sort by"
        value={`${state.sort}:${state.direction}`}
        options={options}
        onChange={(event) => {
          const [sort = 'id', direction] = event.target.value.split(':');
          onSort({ sort, direction: direction === 'desc' ? 'desc' : 'asc' });
        }}
      />
    </div>
  );
}

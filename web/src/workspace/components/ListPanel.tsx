import { useId, useMemo, useState } from 'react';
import { ITEM_MAX_LENGTH, filterItems, showsAddButton, sortItems, type SortOrder } from '@promptloom/proto';
import { type ListItem } from '../data/list-operations';
import { LetterPicker } from './LetterPicker';
import { ListRow } from './ListRow';
import { SortToggle } from './SortToggle';

interface ListPanelProps {
  title: string;
  items: ListItem[];
  loading: boolean;
  activeIds: number[];
  detailPath(item: ListItem): string;
  onToggleActive(item: ListItem): void;
  onReason(item: ListItem, reason: string): void;
  /** Adds a custom item; resolves to the server's message when it refused it, else null. */
  onAdd(text: string): Promise<string | null>;
}

const textOf = (item: ListItem) => item.aiResponse;
/** Rows rendered at once: a long list (1,000 items) stays quick to filter; more are shown on request. */
const ROWS_PER_STEP = 100;

/** SPEC §2 sidebar list: search, A-Z / Z-A, letter picker, rows, and the add button when nothing matches. */
export function ListPanel(props: ListPanelProps) {
  const [search, setSearch] = useState('');
  const [letter, setLetter] = useState<string | null>(null);
  const [order, setOrder] = useState<SortOrder | null>(null);
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  const [rowLimit, setRowLimit] = useState(ROWS_PER_STEP);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const addErrorId = useId();
  const filterBy = (update: () => void) => {
    update();
    setRowLimit(ROWS_PER_STEP);
  };

  // The typed text stays until the server took it: a refused item keeps it, with the server's reason below it.
  async function add() {
    setAdding(true);
    const refused = await props.onAdd(search.trim());
    setAdding(false);
    setAddError(refused);
    if (!refused) setSearch('');
  }

  const shown = useMemo(() => {
    const visible = props.items.filter((item) => !hidden.has(item.id));
    const filtered = filterItems(visible, { search, letter }, textOf);
    return order ? sortItems(filtered, order, textOf) : filtered;
  }, [props.items, hidden, search, letter, order]);

  function reasonDone(item: ListItem, reason: string) {
    props.onReason(item, reason);
    if (reason) setHidden((current) => new Set(current).add(item.id));
  }

  return (
    <section className="list-panel" aria-label={props.title}>
      <div className="list-tools">
        <input
          className="search-input"
          type="search"
          placeholder="Search"
          aria-label={`Search ${props.title}`}
          // No item is longer: a longer search matches nothing and could not be added.
          maxLength={ITEM_MAX_LENGTH}
          value={search}
          aria-invalid={addError ? true : undefined}
          aria-describedby={addError ? addErrorId : undefined}
          onChange={(event) => {
            setAddError(null);
            filterBy(() => setSearch(event.target.value));
          }}
        />
        <SortToggle order={order} onChange={(next) => filterBy(() => setOrder(next))} />
      </div>
      {addError && (
        <p id={addErrorId} className="field-error" role="alert">
          {addError}
        </p>
      )}
      <LetterPicker letter={letter} onChange={(next) => filterBy(() => setLetter(next))} />
      {showsAddButton(props.items, search, textOf) && (
        <button
          type="button"
          className="button-secondary add-button"
          disabled={adding}
          onClick={() => void add()}
        >
          {adding ? `Adding “${search.trim()}”…` : `Add “${search.trim()}”`}
        </button>
      )}
      {props.loading ? (
        <p className="list-status" role="status">
          Loading...
        </p>
      ) : shown.length === 0 ? (
        <p className="list-status">
          {props.items.length === 0 ? 'Nothing here yet. Run the agent.' : 'No match.'}
        </p>
      ) : (
        <ol className="list-rows">
          {shown.slice(0, rowLimit).map((item, index) => (
            <ListRow
              key={item.id}
              item={item}
              position={index + 1}
              active={props.activeIds.includes(item.id)}
              detailPath={props.detailPath(item)}
              onToggleActive={() => props.onToggleActive(item)}
              onReasonDone={(reason) => reasonDone(item, reason)}
            />
          ))}
        </ol>
      )}
      {shown.length > rowLimit && (
        <button
          type="button"
          className="button-secondary add-button"
          onClick={() => setRowLimit(rowLimit + ROWS_PER_STEP)}
        >
          Show {Math.min(ROWS_PER_STEP, shown.length - rowLimit)} more of {shown.length - rowLimit}
        </button>
      )}
    </section>
  );
}

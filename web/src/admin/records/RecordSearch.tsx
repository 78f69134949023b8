import { forwardRef } from 'react';

interface RecordSearchProps {
  value: string;
  onChange(value: string): void;
  /** Enter: the search goes to the server, over every page. */
  onSearchAll(): void;
}

/** SPEC §2 'Search anything...': typing filters the loaded page; Enter (or the button) searches all pages. */
export const RecordSearch = forwardRef<HTMLInputElement, RecordSearchProps>(function RecordSearch(
  { value, onChange, onSearchAll },
  ref,
) {
  return (
    <form
      className="admin-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearchAll();
      }}
    >
      <label htmlFor="admin-record-search" className="visually-hidden">
        Search records
      </label>
      <input
        ref={ref}
        id="admin-record-search"
        type="search"
        placeholder="Search anything..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="button-secondary">
        Search all pages
      </button>
    </form>
  );
});

interface PagerProps {
  page: number;
  lastPage: number;
  onPage(page: number): void;
}

/** SPEC §2: Previous and Next with 'Page X of Y'; Previous is disabled on page 1, Next on the last page. */
export function Pager({ page, lastPage, onPage }: PagerProps) {
  const last = Math.max(1, lastPage);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button
        type="button"
        className="button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {last}
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

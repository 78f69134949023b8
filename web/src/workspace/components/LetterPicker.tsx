import { useState } from 'react';
import { LETTER_WINDOW_SIZE, letterPageCount, letterWindow } from '@promptloom/proto';

/** SPEC §2: 26 letters, a window of 6 at a time, paged by 6; choosing the chosen letter again clears it. */
export function LetterPicker({
  letter,
  onChange,
}: {
  letter: string | null;
  onChange: (letter: string | null) => void;
}) {
  const [page, setPage] = useState(0);
  const pages = letterPageCount(LETTER_WINDOW_SIZE);
  return (
    <div className="letter-picker" role="group" aria-label="Filter by first letter">
      <button
        type="button"
        className="chip"
        aria-label="Previous letters"
        disabled={page === 0}
        onClick={() => setPage(page - 1)}
      >
        ‹
      </button>
      {letterWindow(page).map((shown) => (
        <button
          key={shown}
          type="button"
          className={shown === letter ? 'chip chip-on' : 'chip'}
          aria-pressed={shown === letter}
          onClick={() => onChange(shown === letter ? null : shown)}
        >
          {shown}
        </button>
      ))}
      <button
        type="button"
        className="chip"
        aria-label="Next letters"
        disabled={page === pages - 1}
        onClick={() => setPage(page + 1)}
      >
        ›
      </button>
    </div>
  );
}

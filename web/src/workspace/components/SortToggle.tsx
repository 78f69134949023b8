import { useRef } from 'react';
import { AZ_DOUBLE_CLICK_MS, toggleSortOrder, type SortOrder } from '@promptloom/proto';

/**
 * SPEC §4 AZ sort: a single click (no second one within 250 ms) turns sorting on; a double click flips between
 * A-Z and Z-A. `order` null means unsorted.
 */
export function SortToggle({
  order,
  onChange,
}: {
  order: SortOrder | null;
  onChange: (order: SortOrder | null) => void;
}) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  function click() {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
      onChange(toggleSortOrder(order ?? 'AZ'));
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      onChange(order ? null : 'AZ');
    }, AZ_DOUBLE_CLICK_MS);
  }
  return (
    <button
      type="button"
      className={order ? 'chip chip-on' : 'chip'}
      aria-pressed={order !== null}
      aria-label={order === 'ZA' ? 'Sorted Z to A' : order === 'AZ' ? 'Sorted A to Z' : 'Sort A to Z'}
      onClick={click}
    >
      {order ?? 'AZ'}
    </button>
  );
}

import { type ReactNode } from 'react';

/**
 * The card a wide table scrolls inside, so a phone scrolls the table sideways and never the page. It is
 * focusable so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

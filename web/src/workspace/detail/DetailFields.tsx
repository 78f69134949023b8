import { type ReactNode } from 'react';
import './detail.css';

/** A record's fields as a definition list; a field with no value is left out. */
export function DetailFields({ label, fields }: { label: string; fields: Array<[string, ReactNode]> }) {
  const shown = fields.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <section aria-label={label}>
      <dl className="detail-fields">
        {shown.map(([name, value]) => (
          <div key={name} className="detail-field">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A stored ISO date as the reader's local date, '23 Nov 2026'. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAwayInbox } from './away-context';
import './away-inbox.css';

const timeOf = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function focusPageHeading() {
  const heading =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Issue 19: what changed in the user's own records while they were away, as an inbox in the top bar: a button with
 * the count, and a panel the user opens. It never opens by itself, so it never covers what the user came to use.
 */
export function AwayInbox() {
  const { report, dismiss } = useAwayInbox();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!report) return null;
  const count = report.changes.length;
  const changes = `${count} change${count === 1 ? '' : 's'}`;
  const closePanel = () => {
    setOpen(false);
    document.getElementById(`${panelId}-button`)?.focus();
  };
  const dismissAll = () => {
    // The inbox goes away under the keyboard's focus: hand the focus to the page's main content instead.
    focusPageHeading();
    dismiss();
  };
  return (
    <div className="away-inbox">
      <button
        id={`${panelId}-button`}
        type="button"
        className="chip away-inbox-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`While you were away: ${changes}`}
        onClick={() => setOpen(!open)}
      >
        Away <span className="count-badge">{count}</span>
      </button>
      {open && (
        <aside
          id={panelId}
          className="away-inbox-panel"
          aria-label="While you were away"
          onKeyDown={(event) => {
            if (event.key === 'Escape') closePanel();
          }}
        >
          <div className="away-inbox-head">
            <h2>While you were away</h2>
            <button type="button" className="away-inbox-close" aria-label="Close" onClick={closePanel}>
              ×
            </button>
          </div>
          <p className="away-inbox-summary">
            {changes} since {report.since ? timeOf(report.since) : 'your last visit'}:
          </p>
          <ul className="away-inbox-list">
            {report.changes.map((change) => (
              <li key={`${change.kind}:${change.at}:${change.label}`}>
                <Link to={change.link} onClick={() => setOpen(false)}>
                  {change.label}
                </Link>
                <time dateTime={change.at}>{timeOf(change.at)}</time>
              </li>
            ))}
          </ul>
          <button type="button" className="button-secondary" onClick={dismissAll}>
            Dismiss while you were away
          </button>
        </aside>
      )}
    </div>
  );
}

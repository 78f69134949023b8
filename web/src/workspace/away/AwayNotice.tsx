import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { DismissWhileYouWereAwayDocument } from '../../generated/graphql';
import { useSession } from '../../session/SessionProvider';
import { useVisit } from './useVisit';
import './away-notice.css';

const timeOf = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function focusPageHeading() {
  const heading =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Issue 19: a quiet, dismissable notice of what changed in the user's own records while they were away. */
export function AwayNotice() {
  const { user } = useSession();
  const report = useVisit(user?.id);
  const [dismiss] = useMutation(DismissWhileYouWereAwayDocument);
  // The window dismissed here, until the server's answer (or another window) arrives.
  const [dismissedHere, setDismissedHere] = useState<string | null>(null);
  const shown = report ? `${report.since} ${report.until}` : null;
  if (!report || report.dismissed || dismissedHere === shown || report.changes.length === 0) return null;
  const count = report.changes.length;
  const close = (event: { currentTarget: HTMLElement }) => {
    // The notice goes away under the keyboard's focus: hand the focus to the page's main content instead.
    if (event.currentTarget.closest('.away-notice')?.contains(document.activeElement)) focusPageHeading();
    setDismissedHere(shown);
    void dismiss().catch(() => undefined);
  };
  return (
    <aside
      className="away-notice"
      aria-label="While you were away"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close(event);
      }}
    >
      <div className="away-notice-head">
        <h2>While you were away</h2>
        <button
          type="button"
          className="away-notice-close"
          aria-label="Dismiss while you were away"
          onClick={close}
        >
          ×
        </button>
      </div>
      <p className="away-notice-summary">
        {count} change{count === 1 ? '' : 's'} since {report.since ? timeOf(report.since) : 'your last visit'}
        :
      </p>
      <ul className="away-notice-list">
        {report.changes.map((change) => (
          <li key={`${change.kind}:${change.at}:${change.label}`}>
            <Link to={change.link}>{change.label}</Link>
            <time dateTime={change.at}>{timeOf(change.at)}</time>
          </li>
        ))}
      </ul>
    </aside>
  );
}

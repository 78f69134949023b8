import { type ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { ToastRegion } from '../../components/Toasts';
import { AwayInbox } from '../away/AwayInbox';

/**
 * Every workspace screen's top bar: its own control first (back, or the left sidebar's toggle), the logo, then its
 * actions and the "while you were away" inbox, which shows only when something changed; the toasts under it.
 */
export function WorkspaceTopbar({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <>
      <header className="topbar">
        {start}
        <Logo />
        <div className="topbar-actions">
          {end}
          <AwayInbox />
        </div>
      </header>
      <ToastRegion />
    </>
  );
}

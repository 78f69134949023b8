import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AwayContext, NO_AWAY_REPORT, type AwayInboxState } from './away-context';

// Issue 19: loaded with the workspace, not with the sign-in page (the visit needs the shared rules and zod).
const AwayVisit = lazy(() => import('./AwayVisit').then((m) => ({ default: m.AwayVisit })));

/**
 * The report of what changed while the user was away, kept across the workspace's screens (the visit begins once,
 * not on every screen), for the inbox in each screen's top bar.
 */
export function AwayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AwayInboxState>(NO_AWAY_REPORT);
  return (
    <AwayContext.Provider value={state}>
      {children}
      <Suspense fallback={null}>
        <AwayVisit onChange={setState} />
      </Suspense>
    </AwayContext.Provider>
  );
}

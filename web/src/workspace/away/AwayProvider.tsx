import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useMutation } from '@apollo/client/react';
import { DismissWhileYouWereAwayDocument, type AwayReportFragment } from '../../generated/graphql';
import { useSession } from '../../session/SessionProvider';
import { useVisit } from './useVisit';

export interface AwayInboxState {
  /** The changes of the current window away, while there are any not dismissed; else null. */
  report: AwayReportFragment | null;
  dismiss(): void;
}

const AwayContext = createContext<AwayInboxState>({ report: null, dismiss: () => undefined });

/**
 * Issue 19: the user's visit and the report of what changed while they were away, kept across the workspace's
 * screens (the visit begins once, not on every screen), for the inbox in each screen's top bar.
 */
export function AwayProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const visited = useVisit(user?.id);
  const [dismissRemotely] = useMutation(DismissWhileYouWereAwayDocument);
  // The window dismissed here, until the server's answer (or another window) arrives.
  const [dismissedHere, setDismissedHere] = useState<string | null>(null);
  const windowKey = visited ? `${visited.since} ${visited.until}` : null;
  const pending = visited && !visited.dismissed && dismissedHere !== windowKey && visited.changes.length > 0;
  const state = useMemo<AwayInboxState>(
    () => ({
      report: pending ? visited : null,
      dismiss() {
        setDismissedHere(windowKey);
        void dismissRemotely().catch(() => undefined);
      },
    }),
    [pending, visited, windowKey, dismissRemotely],
  );
  return <AwayContext.Provider value={state}>{children}</AwayContext.Provider>;
}

export const useAwayInbox = () => useContext(AwayContext);

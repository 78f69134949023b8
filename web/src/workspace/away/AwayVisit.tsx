import { useEffect, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { DismissWhileYouWereAwayDocument } from '../../generated/graphql';
import { useSession } from '../../session/SessionProvider';
import { type AwayInboxState } from './away-context';
import { useVisit } from './useVisit';

/** Runs the user's visit and hands its pending report (and how to dismiss it) to the AwayProvider. Renders nothing. */
export function AwayVisit({ onChange }: { onChange(state: AwayInboxState): void }) {
  const { user } = useSession();
  const visited = useVisit(user?.id);
  const [dismissRemotely] = useMutation(DismissWhileYouWereAwayDocument);
  // The window dismissed here, until the server's answer (or another window) arrives.
  const [dismissedHere, setDismissedHere] = useState<string | null>(null);
  const windowKey = visited ? `${visited.since} ${visited.until}` : null;
  const pending =
    visited !== null && !visited.dismissed && dismissedHere !== windowKey && visited.changes.length > 0;
  const report = pending ? visited : null;

  useEffect(() => {
    onChange({
      report,
      dismiss() {
        setDismissedHere(windowKey);
        void dismissRemotely().catch(() => undefined);
      },
    });
  }, [report, windowKey, dismissRemotely, onChange]);
  return null;
}

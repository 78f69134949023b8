import { useEffect, useState } from 'react';
import { useMutation, useSubscription } from '@apollo/client/react';
import { VISIT_HEARTBEAT_MS, type VisitStart } from '@promptloom/proto';
import { liveConnectionUp, onReconnect } from '../../apollo/reconnects';
import {
  BeginVisitDocument,
  WhileYouWereAwayChangedDocument,
  type AwayReportFragment,
} from '../../generated/graphql';
import { readToken } from '../../session/session-storage';
import { visitStartFor } from './visit-start';

/**
 * Starts the user's visit when the workspace opens (a sign-in or a resume), keeps it up while the page is visible
 * and its live connection is up (the heartbeat that moves "last seen"), and starts it again when the connection
 * comes back after a drop (a reconnect: what changed meanwhile reached no screen live). Answers the report of the
 * current window away, kept live: a window opened or dismissed on another device replaces it.
 */
export function useVisit(userId: number | undefined): AwayReportFragment | null {
  const [beginVisit] = useMutation(BeginVisitDocument);
  // Kept with its user: a report still arriving for someone who signed out never shows to the next person.
  const [kept, setKept] = useState<{ userId: number; report: AwayReportFragment } | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    const begin = (start: VisitStart) =>
      void beginVisit({ variables: { start } }).then(
        ({ data }) => data && setKept({ userId, report: data.beginVisit }),
        () => undefined,
      );
    begin(visitStartFor(readToken()));
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && liveConnectionUp()) begin('resume');
    }, VISIT_HEARTBEAT_MS);
    const stopListening = onReconnect(() => begin('reconnect'));
    return () => {
      clearInterval(timer);
      stopListening();
    };
  }, [userId, beginVisit]);
  useSubscription(WhileYouWereAwayChangedDocument, {
    skip: userId === undefined,
    onData: ({ data }) => {
      const changed = data.data?.whileYouWereAwayChanged.report;
      if (changed && userId !== undefined) setKept({ userId, report: changed });
    },
  });
  return kept && kept.userId === userId ? kept.report : null;
}

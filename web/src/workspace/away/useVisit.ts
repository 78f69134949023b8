import { useEffect } from 'react';
import { useMutation } from '@apollo/client/react';
import { VISIT_HEARTBEAT_MS } from '@promptloom/proto';
import { BeginVisitDocument } from '../../generated/graphql';
import { readToken } from '../../session/session-storage';
import { visitStartFor } from './visit-start';

/**
 * Starts the user's visit when the workspace opens (a sign-in or a resume), keeps it up while the page is visible
 * (the heartbeat that moves "last seen"), and resumes it when the browser comes back online. Answers the report of
 * the current window away.
 */
export function useVisit(userId: number | undefined) {
  const [beginVisit, { data }] = useMutation(BeginVisitDocument);
  useEffect(() => {
    if (userId === undefined) return;
    const resume = () => void beginVisit({ variables: { start: 'resume' } }).catch(() => undefined);
    void beginVisit({ variables: { start: visitStartFor(readToken()) } }).catch(() => undefined);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') resume();
    }, VISIT_HEARTBEAT_MS);
    window.addEventListener('online', resume);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', resume);
    };
  }, [userId, beginVisit]);
  return data?.beginVisit;
}

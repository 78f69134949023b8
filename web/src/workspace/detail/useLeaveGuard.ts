import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Where a session that ended goes: leaving for them (a sign-out, a refused session) is never held. */
const SIGNED_OUT_PATHS = ['/pro', '/login'];

/**
 * Holds every way out of a page while `problem` says why the user may not leave yet: a link anywhere on the page
 * (the header's too) and the browser's Back are held and answered with `onHeld(problem)`; closing or reloading the
 * tab makes the browser ask first.
 */
export function useLeaveGuard(problem: string | null, onHeld: (problem: string) => void): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      problem !== null &&
      currentLocation.pathname !== nextLocation.pathname &&
      !SIGNED_OUT_PATHS.includes(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    if (problem) onHeld(problem);
  }, [blocker, problem, onHeld]);

  useEffect(() => {
    if (!problem) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [problem]);
}

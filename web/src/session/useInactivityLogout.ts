import { useEffect } from 'react';
import { lastActivity, touchActivity } from './session-storage';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click'] as const;

/**
 * SPEC §4: while authenticated, mouse move, key press or click refreshes lastActivity and restarts the timer;
 * when the idle time passes without any, the user is logged out. Other tabs' activity counts too (shared storage).
 */
export function useInactivityLogout(active: boolean, idleLimitMs: number, logout: () => void): void {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      clearTimeout(timer);
      // None stored while signed in: another tab is writing its sign-in (its keys reach this tab one by one).
      if (lastActivity() === 0) touchActivity();
      const remaining = lastActivity() + idleLimitMs - Date.now();
      timer = setTimeout(
        () => {
          if (lastActivity() !== 0 && Date.now() - lastActivity() >= idleLimitMs) logout();
          else schedule();
        },
        Math.max(0, remaining),
      );
    };
    const onActivity = () => {
      touchActivity();
      schedule();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    schedule();
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [active, idleLimitMs, logout]);
}

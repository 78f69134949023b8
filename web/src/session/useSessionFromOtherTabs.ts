import { useEffect } from 'react';
import { type SessionUser } from './session-storage';

/**
 * Tabs share local storage, so a sign-out or a sign-in as someone else in another tab changes this tab's session
 * too: `onChange` gets the user now stored (null when signed out) whenever the stored user is not this tab's.
 */
export function useSessionFromOtherTabs(
  currentUserId: number | null,
  onChange: (stored: SessionUser | null) => void,
): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== 'user')) return;
      let stored: SessionUser | null = null;
      try {
        stored = JSON.parse(localStorage.getItem('user') ?? 'null') as SessionUser | null;
      } catch {
        stored = null;
      }
      if ((stored?.id ?? null) !== currentUserId) onChange(stored);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [currentUserId, onChange]);
}

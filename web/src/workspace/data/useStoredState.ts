import { useCallback, useState } from 'react';

/**
 * A piece of UI state kept in local storage under the spec's key (SPEC §3: LFlip, RFlip, levels …), read once on
 * mount and written on every change.
 */
export function useStoredState<T>(key: string, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = localStorage.getItem(key);
    if (stored === null) return fallback;
    try {
      return JSON.parse(stored) as T;
    } catch {
      return fallback;
    }
  });
  const update = useCallback(
    (next: T) => {
      localStorage.setItem(key, JSON.stringify(next));
      setValue(next);
    },
    [key],
  );
  return [value, update];
}

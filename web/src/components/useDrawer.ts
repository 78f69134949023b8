import { useEffect, useRef } from 'react';

/** Below this width sidebars and the admin menu are full-width drawers (the same breakpoint as the CSS). */
export const PHONE_QUERY = '(max-width: 720px)';

export function isPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * Drawer behaviour on a phone, while `open`: focus moves into the drawer and Tab stays inside it, Escape
 * closes it, and on closing focus returns to where it was (the control that opened it).
 */
export function useDrawer<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const ref = useRef<T>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const drawer = ref.current;
    if (!open || !drawer || !isPhone()) return;
    const opener = document.activeElement as HTMLElement | null;
    const focusables = () => [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)];
    focusables()[0]?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const all = focusables();
      const [first, last] = [all[0], all[all.length - 1]];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return ref;
}

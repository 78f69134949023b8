import { useEffect, useRef } from 'react';
import { focusablesIn, wrapTab } from './wrap-tab';

/** Below this width sidebars and the admin menu are full-width drawers (the same breakpoint as the CSS). */
export const PHONE_QUERY = '(max-width: 720px)';

export function isPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

/**
 * Makes everything outside `element` inert (no clicks, no focus, hidden from assistive technology): the siblings of
 * the element and of each of its ancestors up to <body>. Answers the function that gives it all back.
 */
function makeOutsideInert(element: HTMLElement): () => void {
  const madeInert: HTMLElement[] = [];
  for (
    let node: HTMLElement = element;
    node.parentElement && node !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      madeInert.push(sibling);
    }
  }
  return () => {
    for (const each of madeInert) each.inert = false;
  };
}

/**
 * Drawer behaviour on a phone, while `open`: the drawer covers the page, so the page behind it is inert; focus moves
 * into the drawer and Tab stays inside it, Escape closes it, and on closing focus returns to where it was (the
 * control that opened it).
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
    const restoreOutside = makeOutsideInert(drawer);
    focusablesIn(drawer)[0]?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (drawer) wrapTab(drawer, event);
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      restoreOutside();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return ref;
}

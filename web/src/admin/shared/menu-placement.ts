import { useEffect, useRef, type RefObject } from 'react';

/** Room kept between a menu and the viewport's edges. */
const EDGE = 8;

/**
 * Places a fixed menu under its button (above it when there is no room below), its right edge at the button's, never
 * past a side of the viewport: fixed, no scrolling container of the table clips it.
 */
export function placeUnder(button: HTMLElement, menu: HTMLElement): void {
  const anchor = button.getBoundingClientRect();
  const size = menu.getBoundingClientRect();
  const below = anchor.bottom + size.height + EDGE <= window.innerHeight;
  const top = below ? anchor.bottom + 2 : Math.max(EDGE, anchor.top - size.height - 2);
  const left = Math.max(EDGE, Math.min(anchor.right - size.width, window.innerWidth - size.width - EDGE));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}

/**
 * A fixed menu would leave its button behind when the page or the table scrolls, or the window resizes: it closes when
 * its button has moved since it opened (a scroll event that arrives late, from before the menu opened, changes
 * nothing).
 */
export function useCloseOnMove(
  open: boolean,
  button: RefObject<HTMLElement | null>,
  onMove: () => void,
): void {
  const moved = useRef(onMove);
  useEffect(() => {
    moved.current = onMove;
  });
  useEffect(() => {
    if (!open || !button.current) return;
    const { top, left } = button.current.getBoundingClientRect();
    const check = () => {
      const now = button.current?.getBoundingClientRect();
      if (!now || Math.abs(now.top - top) > 1 || Math.abs(now.left - left) > 1) moved.current();
    };
    window.addEventListener('resize', check);
    // Capture: a scroll of any container moves the button too.
    document.addEventListener('scroll', check, true);
    return () => {
      window.removeEventListener('resize', check);
      document.removeEventListener('scroll', check, true);
    };
  }, [open, button]);
}

/** What Tab reaches inside a drawer or a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export const focusablesIn = (container: HTMLElement): HTMLElement[] => [
  ...container.querySelectorAll<HTMLElement>(FOCUSABLE),
];

/**
 * Keeps Tab inside `container`: Tab on its last control goes to its first, Shift+Tab on its first to its last, and
 * a focus outside it (or on the container itself) comes back in. Other keys pass.
 */
export function wrapTab(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const all = focusablesIn(container);
  const [first, last] = [all[0], all[all.length - 1]];
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first?.focus();
  }
}

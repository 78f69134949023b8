import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { menuKeyTarget } from './menu-keys';
import { placeUnder, useCloseOnMove } from './menu-placement';

/** One entry of a row's menu: a command, or a link to another screen. */
export type RowMenuItem =
  { label: string; onSelect(): void; danger?: boolean } | { label: string; to: string; danger?: boolean };

/**
 * A row's secondary actions behind one 'Actions' button (the WAI-ARIA menu button): Enter, Space or ArrowDown open it
 * on the first item (ArrowUp on the last), the arrows, Home and End move, Escape closes it and returns the focus to
 * the button, Tab or a click outside closes it. The menu is fixed to the viewport, so a scrolling table never clips
 * it, and it is not rendered at all while closed.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  /** Closed by the page (a scroll, a resize): the focus, if it was in the menu, goes back to the button. */
  const dismiss = () => {
    if (menu.current?.contains(document.activeElement)) button.current?.focus();
    setOpen(false);
  };
  useCloseOnMove(open !== false, button, dismiss);

  useEffect(() => {
    if (!open) return;
    const entries = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    entries?.[open === 'first' ? 0 : entries.length - 1]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside, true);
    return () => document.removeEventListener('pointerdown', closeOutside, true);
  }, [open]);

  /** Back to the button first, so a dialog the item opens gives the focus back to it when it closes. */
  const closeToButton = () => {
    button.current?.focus();
    setOpen(false);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Tab') {
      // From the button, the browser's Tab goes on to what follows the row's actions.
      closeToButton();
      return;
    }
    if (event.key === 'Escape') closeToButton();
    else {
      const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
      const next = menuKeyTarget(
        event.key,
        entries.indexOf(document.activeElement as HTMLElement),
        entries.length,
      );
      if (next === null) return;
      entries[next]?.focus();
    }
    // The menu's own keys: no table shortcut (arrows, Delete) or dialog sees them.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <span className="row-menu">
      <button
        ref={button}
        type="button"
        className="button-link row-menu-button"
        aria-label={`Actions for ${label}`}
        title="Actions"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          event.stopPropagation();
          setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
        }}
      >
        {/* A table row shows the dots, a card the word (admin.css); the name says it all to screen readers. */}
        <span className="row-menu-dots" aria-hidden="true">
          ⋯
        </span>
        <span className="row-menu-word" aria-hidden="true">
          Actions ▾
        </span>
      </button>
      {open && (
        <ul
          ref={(list) => {
            menu.current = list;
            if (list && button.current) placeUnder(button.current, list);
          }}
          id={menuId}
          role="menu"
          aria-label={`Actions for ${label}`}
          className="row-menu-list"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              {'to' in item ? (
                <Link
                  to={item.to}
                  role="menuitem"
                  tabIndex={-1}
                  className="row-menu-item"
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={item.danger ? 'row-menu-item danger' : 'row-menu-item'}
                  onClick={() => {
                    closeToButton();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

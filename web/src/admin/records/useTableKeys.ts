import { useEffect, useState, type RefObject } from 'react';

interface TableKeys {
  rowCount: number;
  searchRef: RefObject<HTMLInputElement | null>;
  /** False while a dialog is open. */
  enabled: boolean;
  onEdit(index: number): void;
  onDelete(index: number): void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName);

/** A key meant for a control of its own: a button or link (its Enter), or an item of a row's menu. */
const forControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a[href], [role="menu"]') !== null;

/** Keyboard use of a record table: '/' focuses search, j/k or arrows move, Enter edits, Delete asks to delete. */
export function useTableKeys({ rowCount, searchRef, enabled, onEdit, onDelete }: TableKeys) {
  const [current, setCurrent] = useState(-1);
  const selected = Math.min(current, rowCount - 1);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !typing(event.target)) {
        event.preventDefault();
        searchRef.current?.focus();
        return;
      }
      if (typing(event.target) || forControl(event.target) || rowCount === 0) return;
      if (event.key === 'j' || event.key === 'ArrowDown') setCurrent(Math.min(selected + 1, rowCount - 1));
      else if (event.key === 'k' || event.key === 'ArrowUp') setCurrent(Math.max(selected - 1, 0));
      else if (event.key === 'Enter' && selected >= 0) onEdit(selected);
      else if (event.key === 'Delete' && selected >= 0) onDelete(selected);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, rowCount, selected, searchRef, onEdit, onDelete]);
  return selected;
}

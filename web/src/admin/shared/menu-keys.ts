/**
 * Where a key moves the focus in a menu of `count` items from item `current` (-1: none focused): the arrows go round,
 * Home and End go to the ends. Null for a key the menu does not use.
 */
export function menuKeyTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

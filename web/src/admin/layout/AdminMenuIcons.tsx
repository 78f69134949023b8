import { type ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="admin-menu-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A 2×2 grid with one quadrant filled: the corner of the workspace a record list belongs to (TL, TR, BL, BR). */
export function QuadrantIcon({ corner }: { corner: 'tl' | 'tr' | 'bl' | 'br' }) {
  const x = corner.endsWith('l') ? 4 : 13;
  const y = corner.startsWith('t') ? 4 : 13;
  return (
    <Icon>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M12 4v16M4 12h16" />
      <rect x={x} y={y} width="7" height="7" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export const MENU_ICONS = {
  dashboard: (
    <Icon>
      <path d="M4 13h6V4H4zM14 20h6v-9h-6zM14 4v4h6V4zM4 20h6v-4H4z" />
    </Icon>
  ),
  users: (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  ),
  modules: (
    <Icon>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v9" />
    </Icon>
  ),
  mode: (
    <Icon>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  ),
  modeType: (
    <Icon>
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </Icon>
  ),
  audit: (
    <Icon>
      <path d="M9 4h6v3H9zM7 5H5v16h14V5h-2" />
      <path d="M9 12h6M9 16h4" />
    </Icon>
  ),
  aiCalls: (
    <Icon>
      <path d="M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      <path d="M4 20h16" />
    </Icon>
  ),
  group: (
    <Icon>
      <path d="M4 5h16M4 12h16M4 19h16" />
    </Icon>
  ),
};

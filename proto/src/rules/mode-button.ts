/** SPEC §2, §4, §9: the home mode button cycles through these four modes (topModeIndex 0–3). */
export const MODE_BUTTON_CYCLE = ['Power', 'Reach', 'Onboard', 'Dashboard'] as const;
export type ModeButtonLabel = (typeof MODE_BUTTON_CYCLE)[number];

/** The index after `index`, wrapping from Dashboard back to Power; an unreadable index restarts at Power. */
export function nextModeIndex(index: number): number {
  const current = Number.isInteger(index) && index >= 0 && index < MODE_BUTTON_CYCLE.length ? index : -1;
  return (current + 1) % MODE_BUTTON_CYCLE.length;
}

/** SPEC §2: choosing Dashboard opens the dashboard screen. */
export const opensDashboard = (index: number): boolean => MODE_BUTTON_CYCLE[index] === 'Dashboard';

/** SPEC §4: login resets the sidebar and flip flags to false. */
const FLAGS = ['LFlip', 'RFlip', 'LsidebarOpen', 'RsidebarOpen'] as const;

export function resetWorkspaceFlags(): void {
  for (const flag of FLAGS) localStorage.setItem(flag, 'false');
}

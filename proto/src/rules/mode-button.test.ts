import { MODE_BUTTON_CYCLE, nextModeIndex, opensDashboard } from './mode-button';

describe('mode button', () => {
  it('cycles Power, Reach, Onboard, Dashboard and back to Power', () => {
    expect(MODE_BUTTON_CYCLE).toEqual(['Power', 'Reach', 'Onboard', 'Dashboard']);
    expect([0, 1, 2, 3].map(nextModeIndex)).toEqual([1, 2, 3, 0]);
  });

  it('restarts at Power from an unreadable index', () => {
    expect(nextModeIndex(-1)).toBe(0);
    expect(nextModeIndex(7)).toBe(0);
    expect(nextModeIndex(1.5)).toBe(0);
  });

  it('opens the dashboard only on Dashboard', () => {
    expect(opensDashboard(3)).toBe(true);
    expect(opensDashboard(0)).toBe(false);
  });
});

import { LEVELS, type Level } from '../enums';

/** SPEC §4: the level toggle cycles 0 → 1 → 2 → 3 → 0. */
export function nextLevel(level: Level): Level {
  return LEVELS[(LEVELS.indexOf(level) + 1) % LEVELS.length]!;
}

/** SPEC §4, §9: 1 = one day, 2 = one week, 3 = one month; level 0 shows nothing. */
export const LEVEL_LABELS: Readonly<Record<Level, string>> = { 0: '', 1: '1d', 2: '1W', 3: '1M' };

export const levelLabel = (level: Level): string => LEVEL_LABELS[level];

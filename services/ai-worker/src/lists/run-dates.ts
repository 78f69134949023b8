import { calendarDayOf, type CalendarDay } from '@promptloom/proto';

/**
 * The first day an agent may run again after a run today at `levels` (SPEC §4 level labels: 1 = '1d', 2 = '1W',
 * 3 = '1M'; 0 = no wait). This is the stored `prev_date` the Types and Pro runs are gated on.
 */
export function nextRunDay(today: Date, levels: number): CalendarDay {
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (levels === 1) next.setUTCDate(next.getUTCDate() + 1);
  if (levels === 2) next.setUTCDate(next.getUTCDate() + 7);
  if (levels === 3) next.setUTCMonth(next.getUTCMonth() + 1);
  return calendarDayOf(next)!;
}

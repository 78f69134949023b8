/** A calendar day as 'YYYY-MM-DD'. */
export type CalendarDay = string;

const DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/u;

/**
 * The calendar day of a date. Strings are read by their leading 'YYYY-MM-DD' (so '2024-05-01 10:00:00' and
 * ISO timestamps work); a Date is read in UTC so the result never depends on the machine's time zone — a
 * caller that wants the user's local day passes the local 'YYYY-MM-DD' string instead. Null when unreadable.
 */
export function calendarDayOf(date: string | Date): CalendarDay | null {
  if (date instanceof Date) return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
  const match = DAY_PREFIX.exec(date.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  const valid =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return valid ? match[0] : null;
}

/**
 * SPEC §4: the Types and TR runs proceed only when today is on or after the stored previous date. No previous
 * date (or one that cannot be read, e.g. an empty fallback) means the user never ran: the run may proceed.
 */
export function mayRunToday(today: string | Date, previousDate: string | Date | null | undefined): boolean {
  const todayDay = calendarDayOf(today);
  if (todayDay === null) throw new RangeError(`Cannot read today's date: ${String(today)}`);
  const previousDay =
    previousDate === null || previousDate === undefined ? null : calendarDayOf(previousDate);
  return previousDay === null || todayDay >= previousDay;
}

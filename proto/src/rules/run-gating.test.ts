import { calendarDayOf, mayRunToday } from './run-gating';

describe('mayRunToday', () => {
  it('runs when today is after the previous date', () => {
    expect(mayRunToday('2024-05-02', '2024-05-01')).toBe(true);
    expect(mayRunToday('2025-01-01', '2024-12-31')).toBe(true);
  });

  it('runs when today is the previous date', () => {
    expect(mayRunToday('2024-05-01', '2024-05-01')).toBe(true);
  });

  it('does not run when today is before the previous date', () => {
    expect(mayRunToday('2024-05-01', '2024-05-02')).toBe(false);
    expect(mayRunToday('2024-12-31', '2025-01-01')).toBe(false);
  });

  it('runs when there is no previous date or it cannot be read', () => {
    expect(mayRunToday('2024-05-01', null)).toBe(true);
    expect(mayRunToday('2024-05-01', undefined)).toBe(true);
    expect(mayRunToday('2024-05-01', '')).toBe(true);
    expect(mayRunToday('2024-05-01', 'not a date')).toBe(true);
  });

  it('accepts Date objects and timestamps, comparing calendar days only', () => {
    expect(mayRunToday(new Date('2024-05-01T00:00:01Z'), '2024-05-01 23:59:59')).toBe(true);
    expect(mayRunToday(new Date('2024-05-01T23:00:00Z'), new Date('2024-05-02T00:00:00Z'))).toBe(false);
    expect(mayRunToday('2024-05-03', '2024-05-02T10:00:00.000000Z')).toBe(true);
  });

  it('refuses an unreadable today', () => {
    expect(() => mayRunToday('yesterday', '2024-05-01')).toThrow(RangeError);
    expect(() => mayRunToday(new Date(Number.NaN), null)).toThrow(RangeError);
  });
});

describe('calendarDayOf', () => {
  it('reads the leading YYYY-MM-DD of a string and the UTC day of a Date', () => {
    expect(calendarDayOf(' 2024-05-01 10:00:00')).toBe('2024-05-01');
    expect(calendarDayOf(new Date('2024-02-29T12:00:00Z'))).toBe('2024-02-29');
  });

  it('rejects impossible days', () => {
    expect(calendarDayOf('2024-02-30')).toBeNull();
    expect(calendarDayOf('2024-13-01')).toBeNull();
    expect(calendarDayOf('01/05/2024')).toBeNull();
  });
});

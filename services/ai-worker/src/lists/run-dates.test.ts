import { nextRunDay } from './run-dates';

describe('the day an agent may run again', () => {
  const today = new Date('2024-01-31T18:00:00Z');
  it.each([
    [0, '2024-01-31'],
    [1, '2024-02-01'],
    [2, '2024-02-07'],
    [3, '2024-03-02'],
  ])('at level %i is %s', (levels, day) => {
    expect(nextRunDay(today, levels)).toBe(day);
  });
});

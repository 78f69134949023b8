import { describe, expect, it } from '@jest/globals';
import { filterRows } from './filter-page';

interface Row {
  user: string;
  model: string | null;
  frequency: number;
}

const rows: Row[] = [
  { user: 'Ada Lovelace', model: 'gpt-4o', frequency: 12 },
  { user: 'Grace Hopper', model: null, frequency: 3 },
  { user: 'Zoë Ärgerlich', model: 'claude', frequency: 120 },
];
const fields = (row: Row) => [row.user, row.model, row.frequency];
const users = (found: Row[]) => found.map((row) => row.user);

describe('filterRows (SPEC §2, the in-page search)', () => {
  it('keeps the rows with a field that holds the text, ignoring case', () => {
    expect(users(filterRows(rows, 'GPT', fields))).toEqual(['Ada Lovelace']);
    expect(users(filterRows(rows, 'hopper', fields))).toEqual(['Grace Hopper']);
  });

  it('matches numbers as they are written', () => {
    expect(users(filterRows(rows, '12', fields))).toEqual(['Ada Lovelace', 'Zoë Ärgerlich']);
  });

  it('ignores surrounding spaces, and answers every row for a blank search', () => {
    expect(users(filterRows(rows, '  claude  ', fields))).toEqual(['Zoë Ärgerlich']);
    expect(filterRows(rows, '   ', fields)).toBe(rows);
  });

  it('never matches an empty field, not even with the word null', () => {
    expect(filterRows(rows, 'null', fields)).toEqual([]);
  });

  it('lower-cases letters outside ASCII too', () => {
    expect(users(filterRows(rows, 'ZOË ÄRGER', fields))).toEqual(['Zoë Ärgerlich']);
  });

  it('answers nothing for no rows', () => {
    expect(filterRows([], 'a', fields)).toEqual([]);
  });
});

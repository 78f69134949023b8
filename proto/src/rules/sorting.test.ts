import { SORT_ORDERS, compareItemText, sortItems, toggleSortOrder } from './sorting';

describe('sortItems', () => {
  const items = ['banana', 'Apple', 'cherry', 'apple pie', 'Éclair', 'eagle', 'fig'];

  it('sorts A-Z case-insensitively and locale-aware', () => {
    expect(sortItems(items, 'AZ')).toEqual([
      'Apple',
      'apple pie',
      'banana',
      'cherry',
      'eagle',
      'Éclair',
      'fig',
    ]);
  });

  it('sorts Z-A in reverse', () => {
    expect(sortItems(items, 'ZA')).toEqual([
      'fig',
      'Éclair',
      'eagle',
      'cherry',
      'banana',
      'apple pie',
      'Apple',
    ]);
  });

  it('keeps the original order of items equal but for case, in both directions', () => {
    expect(sortItems(['art', 'Art', 'ART'], 'AZ')).toEqual(['art', 'Art', 'ART']);
    expect(sortItems(['art', 'Art', 'ART'], 'ZA')).toEqual(['art', 'Art', 'ART']);
  });

  it('orders numbers inside names by value', () => {
    expect(sortItems(['item 10', 'item 2'], 'AZ')).toEqual(['item 2', 'item 10']);
  });

  it('sorts records by a text of each and leaves the input untouched', () => {
    const records = [{ name: 'b' }, { name: 'A' }];
    expect(sortItems(records, 'AZ', (record) => record.name)).toEqual([{ name: 'A' }, { name: 'b' }]);
    expect(records).toEqual([{ name: 'b' }, { name: 'A' }]);
  });

  it('has two orders that toggle', () => {
    expect(SORT_ORDERS).toEqual(['AZ', 'ZA']);
    expect(toggleSortOrder('AZ')).toBe('ZA');
    expect(toggleSortOrder('ZA')).toBe('AZ');
  });

  it('compares ignoring case and accents', () => {
    expect(compareItemText('apple', 'APPLE')).toBe(0);
    expect(compareItemText('Eclair', 'Éclair')).toBe(0);
    expect(compareItemText('a', 'b')).toBeLessThan(0);
  });
});

import { filterItems, foldText, showsAddButton } from './filtering';

const items = ['Photography', 'Art', 'Cartography', 'Illustration', 'Éclair'];

describe('filterItems', () => {
  it('keeps items containing the search text, ignoring case', () => {
    expect(filterItems(items, { search: 'GRAPH' })).toEqual(['Photography', 'Cartography']);
  });

  it('keeps items starting with the letter, ignoring case', () => {
    expect(filterItems(items, { letter: 'c' })).toEqual(['Cartography']);
    expect(filterItems(items, { letter: 'E' })).toEqual(['Éclair']);
  });

  it('combines search and letter', () => {
    expect(filterItems(items, { search: 'art', letter: 'C' })).toEqual(['Cartography']);
  });

  it('keeps everything for a blank filter', () => {
    expect(filterItems(items, { search: '  ', letter: null })).toEqual(items);
    expect(filterItems(items, {})).toEqual(items);
  });

  it('ignores accents and works on records', () => {
    expect(filterItems(items, { search: 'eclair' })).toEqual(['Éclair']);
    expect(filterItems([{ name: 'Art' }, { name: 'Map' }], { search: 'ma' }, (row) => row.name)).toEqual([
      { name: 'Map' },
    ]);
  });

  it('foldText lower-cases and removes accents', () => {
    expect(foldText('ÉcLaÎr')).toBe('eclair');
  });
});

describe('showsAddButton', () => {
  it('shows only when the search text matches nothing', () => {
    expect(showsAddButton(items, 'Mosaic')).toBe(true);
    expect(showsAddButton(items, 'graph')).toBe(false);
  });

  it('does not show for a blank search', () => {
    expect(showsAddButton(items, '')).toBe(false);
    expect(showsAddButton(items, '   ')).toBe(false);
    expect(showsAddButton([], null)).toBe(false);
  });
});

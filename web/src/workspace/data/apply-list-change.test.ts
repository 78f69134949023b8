import { describe, expect, it } from '@jest/globals';
import { applyListChange } from './apply-list-change';
import { type ListItem } from './list-operations';

const item = (id: number, aiResponse = `item ${id}`, status = 1): ListItem => ({
  id,
  aiResponse,
  aiReason: null,
  status,
});
const none = { added: [], changed: [], removedIds: [] };

describe('applyListChange', () => {
  it('appends added items after the ones kept, in the order they came', () => {
    const result = applyListChange([item(1), item(2)], { ...none, added: [item(5), item(3)] });
    expect(result.map((entry) => entry.id)).toEqual([1, 2, 5, 3]);
  });

  it('drops removed ids and replaces changed items where they stand', () => {
    const result = applyListChange([item(1), item(2), item(3)], {
      added: [],
      changed: [item(3, 'renamed', 0)],
      removedIds: [1],
    });
    expect(result).toEqual([item(2), item(3, 'renamed', 0)]);
  });

  it('does not add again an item the list already holds (a replayed change)', () => {
    const once = applyListChange([item(1)], { ...none, added: [item(1, 'again'), item(2)] });
    expect(once).toEqual([item(1), item(2)]);
    const replayed = applyListChange(once, { ...none, added: [item(2)] });
    expect(replayed).toEqual(once);
  });

  it('adds an item the change lists twice once, the first time it is listed', () => {
    const result = applyListChange([item(1)], { ...none, added: [item(2), item(3), item(2, 'twice')] });
    expect(result).toEqual([item(1), item(2), item(3)]);
  });

  it('ignores a change or a removal of an item it never had (the change came before the list)', () => {
    const result = applyListChange([item(1)], { added: [], changed: [item(9)], removedIds: [8] });
    expect(result).toEqual([item(1)]);
  });

  it('removes an item that the same change also marks as changed', () => {
    const result = applyListChange([item(1), item(2)], {
      added: [],
      changed: [item(1, 'x')],
      removedIds: [1],
    });
    expect(result).toEqual([item(2)]);
  });

  it('builds a list from nothing and leaves the given list untouched', () => {
    const before = [item(1)];
    expect(applyListChange([], { ...none, added: [item(4)] })).toEqual([item(4)]);
    applyListChange(before, { added: [item(2)], changed: [item(1, 'new')], removedIds: [] });
    expect(before).toEqual([item(1)]);
  });
});

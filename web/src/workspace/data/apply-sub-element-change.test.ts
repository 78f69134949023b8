import { describe, expect, it } from '@jest/globals';
import { applySubElementChange } from './apply-sub-element-change';
import { type SubElement } from './sub-element-operations';

const row = (id: number, name = `sub ${id}`): SubElement => ({ id, name, blName: 'Light', reason: null });

describe('applySubElementChange', () => {
  it('drops removed rows, replaces changed ones in place and appends added ones', () => {
    const result = applySubElementChange([row(1), row(2), row(3)], {
      added: [row(4)],
      changed: [row(2, 'Soft')],
      removedIds: [3],
    });
    expect(result).toEqual([row(1), row(2, 'Soft'), row(4)]);
  });

  it('does not add again a row it already holds (a change delivered twice)', () => {
    const change = { added: [row(2)], changed: [], removedIds: [] };
    const once = applySubElementChange([row(1)], change);
    expect(applySubElementChange(once, change)).toEqual([row(1), row(2)]);
  });

  it('adds back a row that the same change removed before adding it again', () => {
    const result = applySubElementChange([row(1)], {
      added: [row(1, 'again')],
      changed: [],
      removedIds: [1],
    });
    expect(result).toEqual([row(1, 'again')]);
  });

  it('adds a row the change lists twice once', () => {
    const result = applySubElementChange([], {
      added: [row(5), row(5, 'twice')],
      changed: [],
      removedIds: [],
    });
    expect(result).toEqual([row(5)]);
  });

  it('leaves an empty list empty when a change only names rows it does not hold', () => {
    expect(applySubElementChange([], { added: [], changed: [row(7)], removedIds: [7] })).toEqual([]);
  });
});

import { changedFields } from './record-audit';

describe('changedFields', () => {
  it('names the fields whose values differ', () => {
    expect(
      changedFields(
        { name: 'Fox', status: 'Active', level: 2 },
        { name: 'Fox', status: 'Inactive', level: 3 },
      ),
    ).toEqual(['status', 'level']);
  });

  it('names a field present on one side only', () => {
    expect(changedFields({ name: 'Fox' }, { name: 'Fox', reason: 'new' })).toEqual(['reason']);
    expect(changedFields({ name: 'Fox', reason: 'old' }, { name: 'Fox' })).toEqual(['reason']);
  });

  it('names every field of a created or deleted record', () => {
    expect(changedFields(null, { id: 1, name: 'Fox' })).toEqual(['id', 'name']);
    expect(changedFields({ id: 1, name: 'Fox' }, null)).toEqual(['id', 'name']);
    expect(changedFields(null, null)).toEqual([]);
  });

  it('compares arrays and objects by value, in order', () => {
    expect(changedFields({ modules: [1, 2] }, { modules: [1, 2] })).toEqual([]);
    expect(changedFields({ modules: [1, 2] }, { modules: [2, 1] })).toEqual(['modules']);
    expect(changedFields({ meta: { a: 1 } }, { meta: { a: 1 } })).toEqual([]);
  });

  it('tells null from absent, and a number from its text', () => {
    expect(changedFields({ reason: null }, {})).toEqual(['reason']);
    expect(changedFields({ level: 1 }, { level: '1' })).toEqual(['level']);
  });
});

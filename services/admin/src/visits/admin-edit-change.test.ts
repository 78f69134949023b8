import { changeOf, type EditRow } from './admin-edit-change';

const row = (fields: Partial<EditRow>): EditRow => ({
  entity: 'user',
  action: 'updated',
  changed: [],
  before: null,
  created_at: '2026-11-27T09:30:00Z',
  ...fields,
});

describe('changeOf (an admin edit in the away notice)', () => {
  it('tells of an edit of the account with the fields changed, leaving out updated_at', () => {
    expect(changeOf(row({ changed: ['status', 'updated_at', 'role_type'] }))).toEqual({
      kind: 'admin_edit',
      label: 'An admin updated your account (status, role_type)',
      link: '/types/dashboard',
      at: '2026-11-27T09:30:00.000Z',
    });
  });

  it('names no fields when only updated_at changed', () => {
    expect(changeOf(row({ changed: ['updated_at'] })).label).toBe('An admin updated your account');
  });

  it('links each family of records to its list, titled by its text', () => {
    const places = [
      ['tl_record', 'Types item', '/types/TypesListing'],
      ['tr_record', 'Pro item', '/pro/ProListingTR'],
      ['bl_record', 'Elements item', '/elements/ElementsListingBL'],
    ] as const;
    for (const [entity, name, link] of places) {
      const change = changeOf(row({ entity, changed: ['status'], before: { ai_response: 'Portrait' } }));
      expect(change.label).toBe(`An admin updated your ${name} “Portrait” (status)`);
      expect(change.link).toBe(link);
    }
  });

  it('titles a signature by its names', () => {
    const change = changeOf(
      row({
        entity: 'br_record',
        action: 'deleted',
        changed: ['signature'],
        before: { signature: ['Bold', 'Calm'] },
      }),
    );
    expect(change).toMatchObject({
      label: 'An admin deleted your signature “Bold, Calm”',
      link: '/pro/SignatureListingBR',
    });
  });

  it('names no fields for a deleted record', () => {
    const change = changeOf(
      row({ entity: 'tl_record', action: 'deleted', changed: ['ai_response', 'status'] }),
    );
    expect(change.label).toBe('An admin deleted your Types item');
  });

  it('cuts a title longer than 40 characters to 39 and an ellipsis', () => {
    const text = 'x'.repeat(41);
    const label = changeOf(row({ entity: 'bl_record', before: { ai_response: text } })).label;
    expect(label).toBe(`An admin updated your Elements item “${'x'.repeat(39)}…”`);
    const exact = changeOf(row({ entity: 'bl_record', before: { ai_response: 'y'.repeat(40) } })).label;
    expect(exact).toContain(`“${'y'.repeat(40)}”`);
  });

  it('gives no title for a record whose snapshot has no text', () => {
    expect(changeOf(row({ entity: 'tr_record', before: { ai_response: '' } })).label).toBe(
      'An admin updated your Pro item',
    );
    expect(changeOf(row({ entity: 'tr_record', before: { status: 1 } })).label).toBe(
      'An admin updated your Pro item',
    );
  });

  it('reads the time whether the database gave a Date or a string', () => {
    const at = new Date('2026-11-27T09:30:00Z');
    expect(changeOf(row({ created_at: at })).at).toBe('2026-11-27T09:30:00.000Z');
  });
});

import { type AuditedEntity, type AwayChange, type ChangeAction } from '@promptloom/proto';

/** An audit log row about a user's account or records, as adminEditsAway reads it. */
export interface EditRow {
  entity: AuditedEntity;
  action: ChangeAction;
  changed: string[];
  before: Record<string, unknown> | null;
  created_at: Date | string;
}

const RECORD_PLACES: Partial<Record<AuditedEntity, { name: string; link: string }>> = {
  tl_record: { name: 'Types item', link: '/types/TypesListing' },
  tr_record: { name: 'Pro item', link: '/pro/ProListingTR' },
  bl_record: { name: 'Elements item', link: '/elements/ElementsListingBL' },
  br_record: { name: 'signature', link: '/pro/SignatureListingBR' },
};

/** What the record was called, from its snapshot before the edit. */
function titleOf(before: Record<string, unknown> | null): string {
  const text = before?.ai_response ?? (Array.isArray(before?.signature) ? before.signature.join(', ') : null);
  return typeof text === 'string' && text ? ` “${text.length > 40 ? `${text.slice(0, 39)}…` : text}”` : '';
}

/** How the away notice tells of one admin edit: what was edited (and how), where to look, and when. */
export function changeOf(row: EditRow): AwayChange {
  const at = new Date(row.created_at).toISOString();
  const fields = row.changed.filter((field) => field !== 'updated_at').join(', ');
  if (row.entity === 'user')
    return {
      kind: 'admin_edit',
      label: `An admin ${row.action} your account${fields ? ` (${fields})` : ''}`,
      link: '/types/dashboard',
      at,
    };
  const place = RECORD_PLACES[row.entity]!;
  const detail = row.action !== 'deleted' && fields ? ` (${fields})` : '';
  return {
    kind: 'admin_edit',
    label: `An admin ${row.action} your ${place.name}${titleOf(row.before)}${detail}`,
    link: place.link,
    at,
  };
}

import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AWAY_MAX_CHANGES,
  type AuditedEntity,
  type AwayChange,
  type ChangeAction,
  type ParsedRequestOf,
  type RequestContext,
  type awayOperations,
} from '@promptloom/proto';
import { requireAccess, type Bus } from '@promptloom/shared';

type Request = ParsedRequestOf<typeof awayOperations.adminEdits>;

interface EditRow {
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

function changeOf(row: EditRow): AwayChange {
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

/**
 * The admins' edits of one user's account and records (from the audit log) in a window, newest first. Only rows
 * about this user: their account, or a record whose snapshot names them as its owner; never their own edits.
 */
export async function adminEditsAway(
  em: EntityManager,
  bus: Bus,
  schema: string,
  request: Request,
  context: RequestContext,
): Promise<{ changes: AwayChange[] }> {
  await requireAccess(bus, context, 'read', request.user_id);
  const rows = await em.execute<EditRow[]>(
    `select "entity", "action", "changed", "before", "created_at" from "${schema}"."audit_entries"
     where "created_at" > ? and "created_at" <= ? and "actor_id" is distinct from ?
       and (("entity" = 'user' and "entity_id" = ?)
         or ("entity" in ('tl_record', 'tr_record', 'bl_record', 'br_record')
             and ("before"->>'user_id') = ?::text))
     order by "created_at" desc, "id" desc limit ?`,
    [request.since, request.until, request.user_id, request.user_id, request.user_id, AWAY_MAX_CHANGES],
  );
  return { changes: rows.map(changeOf) };
}

import { type EntityManager } from '@mikro-orm/postgresql';
import {
  AWAY_MAX_CHANGES,
  type AwayChange,
  type ParsedRequestOf,
  type awayOperations,
} from '@promptloom/proto';
import {} from '@promptloom/shared';
import { changeOf, type EditRow } from './admin-edit-change';

type Request = ParsedRequestOf<typeof awayOperations.adminEdits>;

/**
 * The admins' edits of one user's account and records (from the audit log) in a window, newest first. Only rows
 * about this user: their account, or a record whose snapshot names them as its owner; never their own edits.
 */
export async function adminEditsAway(
  em: EntityManager,
  schema: string,
  request: Request,
): Promise<{ changes: AwayChange[] }> {
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

import { z } from 'zod';
import { recordId } from '../fields';
import { PageRequest, pageOf } from '../paging';

/** The admin's own tables, and the TL/TR/BL/BR records of users that other services own (audited from their events). */
export const AUDITED_ENTITIES = [
  'user',
  'module',
  'mode',
  'mode_type',
  'tl_record',
  'tr_record',
  'bl_record',
  'br_record',
] as const;
export const AuditedEntity = z.enum(AUDITED_ENTITIES, { error: 'The selected entity is invalid.' });
export type AuditedEntity = z.infer<typeof AuditedEntity>;

export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export const ChangeAction = z.enum(CHANGE_ACTIONS, { error: 'The selected action is invalid.' });
export type ChangeAction = z.infer<typeof ChangeAction>;

const Snapshot = z.record(z.string(), z.unknown());

/** One admin change: who, when, what, and the record before and after (never a password or its hash). */
export const AuditEntry = z.object({
  id: z.number().int().positive(),
  actor_id: z.number().int().positive().nullable(),
  entity: AuditedEntity,
  entity_id: z.number().int().positive(),
  action: ChangeAction,
  /** The fields whose value differs between before and after (every field of a create or delete). */
  changed: z.array(z.string()),
  before: Snapshot.nullable(),
  after: Snapshot.nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `?entity=&action=&actor_id=&entity_id=&page=&per_page=`, newest first. */
export const AuditListRequest = PageRequest.extend({
  entity: AuditedEntity.optional(),
  action: ChangeAction.optional(),
  actor_id: recordId.optional(),
  entity_id: recordId.optional(),
});
export type AuditListRequest = z.infer<typeof AuditListRequest>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

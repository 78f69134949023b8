import { type EntityManager } from '@mikro-orm/postgresql';
import { type AuditedEntity, type ChangeAction, type RequestContext } from '@promptloom/proto';
import { AuditEntry } from './audit-entry.entity';

type Snapshot = Record<string, unknown>;

export interface Change {
  entity: AuditedEntity;
  entityId: number;
  action: ChangeAction;
  before: Snapshot | null;
  after: Snapshot | null;
  /** Fields that changed but whose values are never stored (a password). */
  secretFields?: string[];
}

/** The fields whose values differ between two snapshots (all of them when one side is absent). */
export function changedFields(before: Snapshot | null, after: Snapshot | null): string[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields].filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]));
}

/** Adds the audit entry of a change to the caller's transaction, so the change and its record commit together. */
export function recordAudit(em: EntityManager, context: RequestContext, change: Change): void {
  em.persist(
    new AuditEntry({
      actorId: context.actor?.userId ?? null,
      entity: change.entity,
      entityId: change.entityId,
      action: change.action,
      changed: [...changedFields(change.before, change.after), ...(change.secretFields ?? [])],
      before: change.before,
      after: change.after,
    }),
  );
}

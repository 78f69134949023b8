import { type EntityManager } from '@mikro-orm/postgresql';
import { recordEvents, type AuditedEntity, type ChangeAction } from '@promptloom/proto';
import { onEvent, type Bus, type Unsubscribe } from '@promptloom/shared';
import { AuditEntry } from './audit-entry.entity';
import { changedFields } from './record-audit';

type Snapshot = Record<string, unknown>;

/**
 * Admin changes to users' TL/TR/BL/BR records happen in the services that own those rows; each publishes
 * evt.{ai,signature}.record.changed, and this durable consumer writes the audit entry here, where the log lives.
 */
export function auditRecordChanges(bus: Bus, em: () => EntityManager): Promise<Unsubscribe[]> {
  const write = async (
    entity: AuditedEntity,
    change: {
      action: ChangeAction;
      actorId: number;
      before: Snapshot & { id: number };
      after: Snapshot | null;
      at?: string;
    },
  ) => {
    const entry = new AuditEntry({
      actorId: change.actorId,
      entity,
      entityId: change.before.id,
      action: change.action,
      changed: changedFields(change.before, change.after),
      before: change.before,
      after: change.after,
    });
    if (change.at) entry.createdAt = new Date(change.at);
    await em().persistAndFlush(entry);
  };
  return Promise.all([
    onEvent(bus, recordEvents.aiRecordChanged, (change) => write(`${change.before.family}_record`, change), {
      durable: 'admin-audit-ai-records',
    }),
    onEvent(bus, recordEvents.signatureRecordChanged, (change) => write('br_record', change), {
      durable: 'admin-audit-signature-records',
    }),
  ]);
}

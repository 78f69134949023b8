import { EntitySchema } from '@mikro-orm/postgresql';
import { type AuditEntry as AuditRecord, type AuditedEntity, type ChangeAction } from '@promptloom/proto';

type Snapshot = Record<string, unknown>;

export class AuditEntry {
  id!: number;
  actorId: number | null;
  entity: AuditedEntity;
  entityId: number;
  action: ChangeAction;
  changed: string[];
  before: Snapshot | null;
  after: Snapshot | null;
  createdAt: Date = new Date();

  constructor(fields: Omit<AuditEntry, 'id' | 'createdAt' | 'toRecord'>) {
    this.actorId = fields.actorId;
    this.entity = fields.entity;
    this.entityId = fields.entityId;
    this.action = fields.action;
    this.changed = fields.changed;
    this.before = fields.before;
    this.after = fields.after;
  }

  toRecord(): AuditRecord {
    return {
      id: Number(this.id),
      actor_id: this.actorId,
      entity: this.entity,
      entity_id: this.entityId,
      action: this.action,
      changed: this.changed,
      before: this.before,
      after: this.after,
      created_at: this.createdAt.toISOString(),
    };
  }
}

export const AuditEntrySchema = new EntitySchema<AuditEntry>({
  class: AuditEntry,
  tableName: 'audit_entries',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    actorId: { type: 'integer', fieldName: 'actor_id', nullable: true },
    entity: { type: 'string' },
    entityId: { type: 'integer', fieldName: 'entity_id' },
    action: { type: 'string' },
    changed: { type: 'json' },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
  },
});

import { type EntityManager } from '@mikro-orm/postgresql';
import { type AuditListRequest, type AuditPage } from '@promptloom/proto';
import { pageOfRows } from '../page-of-rows';
import { AuditEntry } from './audit-entry.entity';

/** The audit log as admins read it: newest first, filtered by entity, action, actor or record. */
export class AuditHandlers {
  constructor(private readonly em: () => EntityManager) {}

  async list(request: AuditListRequest): Promise<AuditPage> {
    const em = this.em();
    const where: Partial<Pick<AuditEntry, 'entity' | 'action' | 'actorId' | 'entityId'>> = {};
    if (request.entity) where.entity = request.entity;
    if (request.action) where.action = request.action;
    if (request.actor_id) where.actorId = request.actor_id;
    if (request.entity_id) where.entityId = request.entity_id;
    const total = await em.count(AuditEntry, where);
    return pageOfRows(
      request,
      total,
      (limit, offset) => em.find(AuditEntry, where, { orderBy: { id: 'desc' }, limit, offset }),
      (entries) => entries.map((entry) => entry.toRecord()),
    );
  }
}

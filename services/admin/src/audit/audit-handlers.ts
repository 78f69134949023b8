import { type EntityManager } from '@mikro-orm/postgresql';
import { type AuditListRequest, type AuditPage, type RequestContext } from '@promptloom/proto';
import { pageOfRows } from '../page-of-rows';
import { type AdminGuard } from '../users/admin-guard';
import { AuditEntry } from './audit-entry.entity';

/** The audit log as admins read it: newest first, filtered by entity, action, actor or record. */
export class AuditHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly guard: AdminGuard,
  ) {}

  async list(request: AuditListRequest, context: RequestContext): Promise<AuditPage> {
    await this.guard.requireAdmin(context);
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

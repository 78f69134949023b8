import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { auditOperations, type AuditedEntity, type ChangeAction } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
import { AuditEntry, AuditPage } from './audit-types';
import { pageRequest, toGraphQLPage } from './page-type';
import { uncheckedEnum } from './unchecked-enum';

@Resolver()
export class AdminAuditResolver {
  @Query(() => AuditPage, { description: 'Admins only: the audit log, newest first, optionally filtered.' })
  async adminAuditLog(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
    @Arg('entity', () => String, { nullable: true, description: "'user', 'module', 'mode', 'mode_type'" })
    entity?: string,
    @Arg('action', () => String, { nullable: true, description: "'created', 'updated', 'deleted'" })
    action?: string,
    @Arg('actorId', () => Int, { nullable: true }) actorId?: number,
    @Arg('entityId', () => Int, { nullable: true }) entityId?: number,
  ) {
    requireAdmin(context);
    const request = {
      ...pageRequest(page, perPage),
      entity: uncheckedEnum<AuditedEntity>(entity),
      action: uncheckedEnum<ChangeAction>(action),
      actor_id: actorId ?? undefined,
      entity_id: entityId ?? undefined,
    };
    const result = await call(context.bus, auditOperations.list, request, { context: context.request });
    return toGraphQLPage(result, AuditEntry.from);
  }
}

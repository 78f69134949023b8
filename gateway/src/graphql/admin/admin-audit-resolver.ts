import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import {
  auditOperations,
  type AuditedEntity as AuditedEntityValue,
  type ChangeAction as ChangeActionValue,
} from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { AuditEntry, AuditPage } from './audit-types';
import { pageRequest, toGraphQLPage } from './page-type';
import { AuditedEntity, ChangeAction } from '../enums';

@Resolver()
export class AdminAuditResolver {
  @Query(() => AuditPage, { description: 'Admins only: the audit log, newest first, optionally filtered.' })
  async adminAuditLog(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
    @Arg('entity', () => AuditedEntity, { nullable: true }) entity?: AuditedEntityValue,
    @Arg('action', () => ChangeAction, { nullable: true }) action?: ChangeActionValue,
    @Arg('actorId', () => Int, { nullable: true }) actorId?: number,
    @Arg('entityId', () => Int, { nullable: true }) entityId?: number,
  ) {
    const result = await callAs(callerOf(context), context.bus, auditOperations.list, () => ({
      ...pageRequest(page, perPage),
      entity,
      action,
      actor_id: actorId ?? undefined,
      entity_id: entityId ?? undefined,
    }));
    return toGraphQLPage(result, AuditEntry.from);
  }
}

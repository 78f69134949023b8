import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { type AuditEntry as AuditRecord } from '@promptloom/proto';
import { pageType } from './page-type';
import { AuditedEntity, ChangeAction } from '../enums';

@ObjectType({ description: 'One admin change: who, when, what, and the record before and after.' })
export class AuditEntry {
  @Field(() => Int) id!: number;
  @Field(() => Int, { nullable: true, description: 'The admin who made the change.' }) actorId!:
    number | null;
  @Field(() => AuditedEntity) entity!: AuditRecord['entity'];
  @Field(() => Int) entityId!: number;
  @Field(() => ChangeAction) action!: AuditRecord['action'];
  @Field(() => [String], { description: 'The fields that changed.' }) changed!: string[];
  @Field(() => GraphQLJSONObject, { nullable: true }) before!: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) after!: Record<string, unknown> | null;
  @Field(() => String, { description: 'ISO 8601.' }) createdAt!: string;

  static from(record: AuditRecord): AuditEntry {
    return Object.assign(new AuditEntry(), {
      id: record.id,
      actorId: record.actor_id,
      entity: record.entity,
      entityId: record.entity_id,
      action: record.action,
      changed: record.changed,
      before: record.before,
      after: record.after,
      createdAt: record.created_at,
    });
  }
}

export const AuditPage = pageType(AuditEntry, 'AuditPage');

import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { type AuditEntry as AuditRecord } from '@promptloom/proto';
import { pageType } from './page-type';

@ObjectType({ description: 'One admin change: who, when, what, and the record before and after.' })
export class AuditEntry {
  @Field(() => Int) id!: number;
  @Field(() => Int, { nullable: true, description: 'The admin who made the change.' }) actorId!:
    number | null;
  @Field(() => String, { description: "'user', 'module', 'mode' or 'mode_type'." }) entity!: string;
  @Field(() => Int) entityId!: number;
  @Field(() => String, { description: "'created', 'updated' or 'deleted'." }) action!: string;
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

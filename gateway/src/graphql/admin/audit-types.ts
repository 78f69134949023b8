import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import {
  AuditEntry as AuditEntrySchema,
  AuditPage as AuditPageSchema,
  type AuditEntry as AuditRecord,
} from '@promptloom/proto';
import { pageType } from './page-type';
import { AuditedEntity, ChangeAction } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'One admin change: who, when, what, and the record before and after.' })
@ShapeOf(AuditEntrySchema)
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
    return fromView(AuditEntry, record);
  }
}

export const AuditPage = pageType(AuditEntry, 'AuditPage', AuditPageSchema);

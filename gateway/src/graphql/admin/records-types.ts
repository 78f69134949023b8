import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  AiRecord,
  AiRecordPage,
  SignatureRecord as SignatureRecordSchema,
  SignatureRecordPage as SignatureRecordPageSchema,
  aiRecordOperations,
  signatureRecordOperations,
  type SignatureRecord as SignatureRecordView,
} from '@promptloom/proto';
import { ListFamily, RecordChangeAction } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';
import { pageType } from './page-type';

@ObjectType({ description: "A user's TL, TR or BL list item as the admin record tables show it." })
// `family` is the enum of every list, br included, though these records are never br (the BR table's are
// SignatureRecords).
@ShapeOf(AiRecord, { retypes: { family: 'ListFamily' } })
export class AdminRecord {
  @Field(() => Int) id!: number;
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int) userId!: number;
  @Field(() => String, { nullable: true, description: "The owner's name (null until the worker knows it)." })
  userName!: string | null;
  @Field(() => Int) levels!: number;
  @Field(() => String, { nullable: true }) aiModel!: string | null;
  @Field(() => Int, { nullable: true }) frequency!: number | null;
  @Field(() => String) aiResponse!: string;
  @Field(() => String, { nullable: true, description: "The client shows 'No Any Reason' when null." })
  aiReason!: string | null;
  @Field(() => Int, { description: '1 Active, 0 Deactive.' }) status!: number;
  @Field(() => String) createdAt!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The generation job that made it: adminAiCalls(filter: { jobId }) shows how.',
  })
  jobId!: string | null;

  static from(record: AiRecord): AdminRecord {
    return fromView(AdminRecord, record);
  }
}

@ObjectType({ description: "A user's saved signature as the admin BR table shows it." })
@ShapeOf(SignatureRecordSchema)
export class SignatureRecord {
  @Field(() => Int) id!: number;
  @Field(() => Int) userId!: number;
  @Field(() => String) username!: string;
  @Field(() => [String]) signatureElements!: string[];
  @Field(() => [String]) signature!: string[];
  @Field(() => Int, { description: '1 Active, 0 Deactive.' }) status!: number;
  @Field(() => String) createdAt!: string;

  static from(record: SignatureRecordView): SignatureRecord {
    return fromView(SignatureRecord, record);
  }
}

export const AdminRecordPage = pageType(AdminRecord, 'AdminRecordPage', AiRecordPage);
export const SignatureRecordPage = pageType(
  SignatureRecord,
  'SignatureRecordPage',
  SignatureRecordPageSchema,
);

@InputType({ description: 'SPEC §7 TL/TR/BL edit form; absent fields are kept.' })
// `family` and `id` are arguments of their own. `levels` is read as a number, then checked to be 0–3; `status` is
// 0 or 1, which the request also takes as the form's text '0' or '1'.
@ShapeOf(aiRecordOperations.update.request, {
  omits: ['family', 'id'],
  retypes: { levels: 'Int', status: 'Int' },
})
export class RecordInput {
  @Field(() => Int, { nullable: true }) levels?: number | null;
  @Field(() => String, { nullable: true }) aiModel?: string | null;
  @Field(() => Int, { nullable: true }) frequency?: number | null;
  @Field(() => String, { nullable: true }) aiResponse?: string | null;
  @Field(() => Int, { nullable: true, description: '1 Active, 0 Deactive.' }) status?: number | null;
}

@InputType({
  description: 'SPEC §7 BR edit form; absent fields are kept. The signature keeps exactly 6 names.',
})
// `id` is an argument of its own; `status` is 0 or 1, which the request also takes as the form's text '0' or '1'.
@ShapeOf(signatureRecordOperations.update.request, { omits: ['id'], retypes: { status: 'Int' } })
export class SignatureRecordInput {
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => [String], { nullable: true }) signatureElements?: string[] | null;
  @Field(() => [String], { nullable: true }) signature?: string[] | null;
  @Field(() => Int, { nullable: true, description: '1 Active, 0 Deactive.' }) status?: number | null;
}

@ObjectType({ description: "An admin's change to a user's record, as it commits." })
export class RecordChange {
  @Field(() => RecordChangeAction) action!: keyof typeof RecordChangeAction;
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int) id!: number;
  @Field(() => Int, { description: 'The admin who made the change.' }) actorId!: number;
  @Field(() => AdminRecord, { nullable: true, description: 'TL/TR/BL: the record now (null once deleted).' })
  record!: AdminRecord | null;
  @Field(() => SignatureRecord, { nullable: true, description: 'BR: the record now (null once deleted).' })
  signatureRecord!: SignatureRecord | null;
  @Field(() => Float, { description: 'The event stream sequence.' }) sequence!: number;
}

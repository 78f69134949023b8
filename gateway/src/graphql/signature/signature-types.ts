import { Field, InputType, Int, ObjectType } from 'type-graphql';
import {
  BrCodeOutput,
  Signature as SignatureSchema,
  SwapSignatureResponse,
  signatureEvents,
  signatureOperations,
  type Signature as SignatureData,
} from '@promptloom/proto';
import { SignatureChangeKind } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType('Signature', { description: "A user's one saved signature: exactly 6 names." })
// Its status is '1' or '0', which are no GraphQL names, so no enum values: a String.
@ShapeOf(SignatureSchema, { retypes: { status: 'String' } })
export class SignatureObject {
  @Field(() => Int) id!: number;
  @Field(() => Int) userId!: number;
  @Field(() => String) username!: string;
  @Field(() => [String], { description: 'Exactly 6 names.' }) signature!: string[];
  @Field(() => [String]) signatureElements!: string[];
  @Field(() => String, {
    nullable: true,
    description: "The type of the BR code it was saved from, e.g. 'Photography'.",
  })
  type!: string | null;
  @Field(() => String, {
    description:
      "The BR code it was saved from, e.g. 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz'; without a type the names' " +
      "3-letter code, e.g. 'Aur-Dus-Emb-Fro-Glo-Haz'.",
  })
  code!: string;
  @Field(() => String) status!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String) updatedAt!: string;

  static from(data: SignatureData): SignatureObject {
    return fromView(SignatureObject, data);
  }
}

@ObjectType({
  description: 'A signature saved, updated (edited or swapped) or removed; `signature` null when removed.',
})
@ShapeOf(signatureEvents.signatureChanged.payload, { adds: ['sequence'] })
export class SignatureChange {
  @Field(() => Int) userId!: number;
  @Field(() => SignatureChangeKind) change!: keyof typeof SignatureChangeKind;
  @Field(() => SignatureObject, { nullable: true }) signature!: SignatureObject | null;
  @Field(() => Int, { description: 'The event stream sequence, for catching up after a reconnect.' })
  sequence!: number;
}

@ObjectType({ description: 'A swap the AI could not do right leaves the signature unchanged and says why.' })
// The answer's `data` is the `signature` here.
@ShapeOf(SwapSignatureResponse, { omits: ['data'], adds: ['signature'] })
export class SwapResult {
  @Field(() => Boolean) swapped!: boolean;
  @Field(() => String) message!: string;
  @Field(() => SignatureObject) signature!: SignatureObject;
}

@ObjectType()
@ShapeOf(BrCodeOutput)
export class BrCode {
  @Field(() => String) type!: string;
  @Field(() => [String]) elements!: string[];
  @Field(() => String, { description: "e.g. 'CRPHO-Lig-Sha'." }) code!: string;

  static from(data: BrCodeOutput): BrCode {
    return fromView(BrCode, data);
  }
}

@InputType()
// `userId` and `user_id` are the caller's; `replace` is an argument of its own. The request's `status` is the
// legacy form's, which may only be 1: the input leaves it out.
@ShapeOf(signatureOperations.store.request, { omits: ['userId', 'status', 'replace'] })
export class SignatureInput {
  @Field(() => String) username!: string;
  @Field(() => [String], { description: 'Exactly 6 names.' }) signature!: string[];
  @Field(() => [String], { nullable: true }) signatureElements?: string[];
  @Field(() => String, {
    nullable: true,
    description: "The type of the BR code it is saved from; its code then is that BR code ('CRPHO-…').",
  })
  type?: string | null;
}

@InputType()
// `userId` is the caller's.
@ShapeOf(signatureOperations.update.request, { omits: ['userId'] })
export class SignatureUpdateInput {
  @Field(() => [String], { description: 'Exactly 6 names.' }) signature!: string[];
  @Field(() => [String], { nullable: true }) signatureElements?: string[];
}

@InputType({ description: 'One entry of the stored types map (activeElementsSubType).' })
export class TypeElementsInput {
  @Field(() => String) type!: string;
  @Field(() => [String]) elements!: string[];
}

import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { signatureOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import {
  BrCode,
  SignatureInput,
  SignatureObject,
  SignatureUpdateInput,
  SwapResult,
  TypeElementsInput,
} from './signature-types';

const AI_TIMEOUT_MS = 65_000;

/** The signed-in user's signature and BR codes (REST: /api/br/…). */
@Resolver()
export class SignatureResolver {
  @Query(() => SignatureObject, {
    nullable: true,
    description: "The signed-in user's saved signature, if any.",
  })
  async mySignature(@Ctx() context: GraphQLContext) {
    const { data } = await callAs(callerOf(context), context.bus, signatureOperations.get, ({ userId }) => ({
      userId,
    }));
    return data ? SignatureObject.from(data) : null;
  }

  @Mutation(() => SignatureObject, {
    description:
      'Saves a signature of exactly 6 names. With a signature already saved: `replace: false` (the default) ' +
      "answers CONFLICT with the spec's question; `replace: true` removes the old one.",
  })
  async storeSignature(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => SignatureInput) input: SignatureInput,
    @Arg('replace', () => Boolean, { defaultValue: false }) replace: boolean,
  ) {
    const { data } = await callAs(
      callerOf(context),
      context.bus,
      signatureOperations.store,
      ({ userId }) => ({
        userId,
        user_id: userId,
        username: input.username,
        signature: input.signature,
        signatureElements: input.signatureElements ?? [],
        type: input.type,
        replace,
      }),
    );
    return SignatureObject.from(data);
  }

  @Mutation(() => SignatureObject, {
    description: 'Changes the names (and elements) of the saved signature.',
  })
  async updateSignature(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => SignatureUpdateInput) input: SignatureUpdateInput,
  ) {
    const { data } = await callAs(
      callerOf(context),
      context.bus,
      signatureOperations.update,
      ({ userId }) => ({
        userId,
        signature: input.signature,
        signatureElements: input.signatureElements ?? undefined,
      }),
    );
    return SignatureObject.from(data);
  }

  @Mutation(() => Boolean, { description: 'Removes the saved signature.' })
  async removeSignature(@Ctx() context: GraphQLContext) {
    await callAs(callerOf(context), context.bus, signatureOperations.remove, ({ userId }) => ({ userId }));
    return true;
  }

  @Mutation(() => SwapResult, {
    description: 'The AI rewrites the saved signature to 6 names for this reason.',
  })
  async swapSignature(@Ctx() context: GraphQLContext, @Arg('reason', () => String) reason: string) {
    const result = await callAs(
      callerOf(context),
      context.bus,
      signatureOperations.swap,
      ({ userId }) => ({ userId, reason }),
      { timeoutMs: AI_TIMEOUT_MS },
    );
    return Object.assign(new SwapResult(), {
      swapped: result.swapped,
      message: result.message,
      signature: SignatureObject.from(result.data),
    });
  }

  @Query(() => [BrCode], { description: 'SPEC §4 BR codes from the types map (types → active elements).' })
  async brCodes(
    @Ctx() context: GraphQLContext,
    @Arg('types', () => [TypeElementsInput]) types: TypeElementsInput[],
  ) {
    const elementsByType: Record<string, string[]> = {};
    for (const entry of types)
      elementsByType[entry.type] = [...(elementsByType[entry.type] ?? []), ...entry.elements];
    const { data } = await callAs(
      callerOf(context),
      context.bus,
      signatureOperations.brCodes,
      ({ userId }) => ({ userId, elementsByType }),
    );
    return data.map((code) => BrCode.from(code));
  }
}

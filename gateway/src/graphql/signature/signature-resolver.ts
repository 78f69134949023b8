import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { signatureOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireActor, type GraphQLContext } from '../context';
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
    const { userId } = requireActor(context);
    const { data } = await call(
      context.bus,
      signatureOperations.get,
      { userId },
      { context: context.request },
    );
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
    const { userId } = requireActor(context);
    const request = {
      userId,
      user_id: userId,
      username: input.username,
      signature: input.signature,
      signatureElements: input.signatureElements ?? [],
      type: input.type,
      replace,
    };
    const { data } = await call(context.bus, signatureOperations.store, request, {
      context: context.request,
    });
    return SignatureObject.from(data);
  }

  @Mutation(() => SignatureObject, {
    description: 'Changes the names (and elements) of the saved signature.',
  })
  async updateSignature(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => SignatureUpdateInput) input: SignatureUpdateInput,
  ) {
    const { userId } = requireActor(context);
    const request = {
      userId,
      signature: input.signature,
      signatureElements: input.signatureElements ?? undefined,
    };
    const { data } = await call(context.bus, signatureOperations.update, request, {
      context: context.request,
    });
    return SignatureObject.from(data);
  }

  @Mutation(() => Boolean, { description: 'Removes the saved signature.' })
  async removeSignature(@Ctx() context: GraphQLContext) {
    const { userId } = requireActor(context);
    await call(context.bus, signatureOperations.remove, { userId }, { context: context.request });
    return true;
  }

  @Mutation(() => SwapResult, {
    description: 'The AI rewrites the saved signature to 6 names for this reason.',
  })
  async swapSignature(@Ctx() context: GraphQLContext, @Arg('reason', () => String) reason: string) {
    const { userId } = requireActor(context);
    const result = await call(
      context.bus,
      signatureOperations.swap,
      { userId, reason },
      { context: context.request, timeoutMs: AI_TIMEOUT_MS },
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
    const { userId } = requireActor(context);
    const elementsByType: Record<string, string[]> = {};
    for (const entry of types)
      elementsByType[entry.type] = [...(elementsByType[entry.type] ?? []), ...entry.elements];
    const { data } = await call(
      context.bus,
      signatureOperations.brCodes,
      { userId, elementsByType },
      { context: context.request },
    );
    return data.map((code) => BrCode.from(code));
  }
}

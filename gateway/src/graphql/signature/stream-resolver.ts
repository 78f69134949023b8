import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { UploadId, incomingKeyOf, invalidInput, streamOperations, type Actor } from '@promptloom/proto';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { STREAM_FIELD_NAMES, withFieldNames } from './renamed-fields';
import {
  EnhanceTogglesInput,
  RefineResult,
  StreamInput,
  StreamRecordObject,
  StreamSelectionInput,
} from './stream-types';
import { ReasonUsed } from '../reasons/reason-used-type';

const AI_TIMEOUT_MS = 65_000;
const UPLOAD_TIMEOUT_MS = 60_000;

/** The Stream page: the assembled prompt, Refine, and uploads (REST: /api/stream/…). */
@Resolver()
export class StreamResolver {
  @Query(() => String, { description: "The default prompt, ending with '--ar 16:9 --v 6 --q 2'." })
  async streamPrompt(
    @Ctx() context: GraphQLContext,
    @Arg('selection', () => StreamSelectionInput) selection: StreamSelectionInput,
    @Arg('toggles', () => EnhanceTogglesInput, { nullable: true }) toggles?: EnhanceTogglesInput,
  ) {
    const { prompt } = await callAs(callerOf(context), context.bus, streamOperations.buildPrompt, () => ({
      selection: { ...selection },
      toggles: toggles ? { ...toggles } : undefined,
    }));
    return prompt;
  }

  @Mutation(() => RefineResult, {
    description:
      'The AI rewrites the prompt (default model gpt-4-0125-preview) for the target (default midjourney-6); ' +
      'the answer is checked for the target, repaired where a fix exists or refused with a message.',
  })
  async refinePrompt(
    @Ctx() context: GraphQLContext,
    @Arg('prompt', () => String) prompt: string,
    @Arg('model', () => String, { nullable: true }) model?: string,
    @Arg('target', () => String, { nullable: true }) target?: string,
  ) {
    const result = await callAsWith(
      callerOf(context),
      context.bus,
      streamOperations.refine,
      () => ({ prompt, model: model ?? undefined, target: target ?? undefined }),
      { timeoutMs: AI_TIMEOUT_MS },
    );
    const { reasons_used: reasonsUsed, ...rest } = result;
    return Object.assign(new RefineResult(), rest, { reasonsUsed: ReasonUsed.list(reasonsUsed) });
  }

  @Query(() => [StreamRecordObject], { description: "The signed-in user's uploads, newest first." })
  async myStreams(@Ctx() context: GraphQLContext) {
    const { data } = await callAs(callerOf(context), context.bus, streamOperations.list, ({ userId }) => ({
      userId,
    }));
    return data.map((record) => StreamRecordObject.from(record));
  }

  @Mutation(() => StreamRecordObject, {
    description: 'Stores an upload: send the image to POST /api/uploads/images first and pass its upload_id.',
  })
  async storeStream(@Ctx() context: GraphQLContext, @Arg('input', () => StreamInput) input: StreamInput) {
    const storeRequest = ({ userId }: Actor) => {
      // Checked here, once callAs has the actor: an anonymous caller gets its 401 before any input is checked.
      const uploadId = UploadId.safeParse(input.uploadId);
      if (!uploadId.success) throw invalidInput({ uploadId: [uploadId.error.issues[0]!.message] });
      return {
        userId,
        user_id: userId,
        signature: input.signature,
        signatureElements: input.signatureElements,
        Hyper_realistic: input.hyperRealistic,
        '8k': input.eightK,
        '4k': input.fourK,
        finalprompt: input.finalPrompt,
        upload: { key: incomingKeyOf(userId, uploadId.data) },
      };
    };
    const { data } = await withFieldNames(STREAM_FIELD_NAMES, () =>
      callAs(callerOf(context), context.bus, streamOperations.store, storeRequest, {
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    );
    return StreamRecordObject.from(data);
  }
}

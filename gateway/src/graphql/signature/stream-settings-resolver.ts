import { Arg, Ctx, Float, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { signatureEvents, streamOperations, type PayloadOf } from '@promptloom/proto';
import { call, callWith } from '@promptloom/shared';
import { type HubEvent } from '../../subscriptions/event-hub';
import { readableEvents } from '../readable-events';
import { requireActor, type GraphQLContext } from '../context';
import {
  PromptCheck,
  StreamSettings,
  StreamSettingsChange,
  StreamSettingsInput,
} from './stream-settings-types';

type ChangedPayload = PayloadOf<typeof signatureEvents.streamSettingsChanged>;

interface SubscribeArgs {
  context: GraphQLContext;
  args: { afterSequence?: number | null };
}

/** The Stream page's prompt target, item marks and checker (REST: /api/stream/settings, /api/stream/check). */
@Resolver()
export class StreamSettingsResolver {
  @Query(() => StreamSettings, { description: 'Your Stream settings; the defaults until you change them.' })
  async myStreamSettings(@Ctx() context: GraphQLContext) {
    const { userId } = requireActor(context);
    const settings = await call(
      context.bus,
      streamOperations.getSettings,
      { userId },
      { context: context.request },
    );
    return StreamSettings.from(settings);
  }

  @Mutation(() => StreamSettings, {
    description: 'Changes the target and/or marks; your other devices follow live.',
  })
  async updateStreamSettings(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => StreamSettingsInput) input: StreamSettingsInput,
  ) {
    const { userId } = requireActor(context);
    const request = {
      userId,
      target: input.target ?? undefined,
      marks: input.marks ?? undefined,
      parameters: input.parameters ?? undefined,
    };
    const settings = await callWith(context.bus, streamOperations.updateSettings, request, {
      context: context.request,
    });
    return StreamSettings.from(settings);
  }

  @Query(() => PromptCheck, {
    description:
      "The checker: the prompt's problems for the target, and for SD/Flux its token counts (Flux: T5, estimated).",
  })
  async checkPrompt(
    @Ctx() context: GraphQLContext,
    @Arg('target', () => String) target: string,
    @Arg('prompt', () => String) prompt: string,
    @Arg('negativePrompt', () => String, { nullable: true }) negativePrompt?: string | null,
  ) {
    requireActor(context);
    const request = { target, prompt, negativePrompt: negativePrompt ?? null };
    return PromptCheck.from(
      await callWith(context.bus, streamOperations.check, request, { context: context.request }),
    );
  }

  @Subscription(() => StreamSettingsChange, {
    description: 'Your Stream settings each time they change. Pass the last `sequence` seen to catch up.',
    subscribe: ({ context, args }: SubscribeArgs) => {
      return readableEvents(context, signatureEvents.streamSettingsChanged, {
        afterSequence: args.afterSequence,
      });
    },
  })
  streamSettingsChanged(
    @Arg('afterSequence', () => Float, { nullable: true }) _afterSequence: number | null,
    @Root() event: HubEvent<ChangedPayload>,
  ): StreamSettingsChange {
    return Object.assign(new StreamSettingsChange(), {
      settings: StreamSettings.from(event.payload.settings),
      sequence: event.sequence,
    });
  }
}

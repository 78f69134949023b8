import { Arg, Ctx, Float, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { signatureEvents, streamOperations, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { readableEvents } from '../readable-events';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
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
    const settings = await callAs(
      callerOf(context),
      context.bus,
      streamOperations.getSettings,
      ({ userId }) => ({ userId }),
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
    const settings = await callAsWith(
      callerOf(context),
      context.bus,
      streamOperations.updateSettings,
      ({ userId }) => ({
        userId,
        target: input.target ?? undefined,
        marks: input.marks ?? undefined,
        parameters: input.parameters ?? undefined,
      }),
    );
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
    const check = await callAsWith(callerOf(context), context.bus, streamOperations.check, () => ({
      target,
      prompt,
      negativePrompt: negativePrompt ?? null,
    }));
    return PromptCheck.from(check);
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

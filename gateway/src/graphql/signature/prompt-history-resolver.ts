import { Arg, Ctx, Float, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { promptHistoryOperations, signatureEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { readableEvents } from '../readable-events';
import { callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { PromptVersionOrigin } from '../enums';
import {
  PromptVersion,
  PromptVersionInput,
  PromptVersionPage,
  PromptVersionSaved,
  PromptVersionWithPrevious,
  SavedPromptVersion,
} from './prompt-history-types';

type SavedPayload = PayloadOf<typeof signatureEvents.promptVersionSaved>;

interface SubscribeArgs {
  context: GraphQLContext;
  args: { afterSequence?: number | null };
}

/** Issue #19: your prompt history (REST: /api/stream/history). Nobody else reads it, admins neither. */
@Resolver()
export class PromptHistoryResolver {
  @Query(() => PromptVersionPage, {
    description: 'Your prompt versions, newest first, searched and filtered.',
  })
  async promptHistory(
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('origin', () => PromptVersionOrigin, { nullable: true }) origin?: string | null,
  ) {
    const page = await callAsWith(
      callerOf(context),
      context.bus,
      promptHistoryOperations.list,
      ({ userId }) => ({ userId, first: first ?? undefined, after, search, origin }),
    );
    return Object.assign(new PromptVersionPage(), {
      items: page.items.map((version) => PromptVersion.from(version)),
      nextCursor: page.nextCursor,
    });
  }

  @Query(() => PromptVersionWithPrevious, {
    description: 'One of your versions and the one saved before it.',
  })
  async promptVersion(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    const found = await callAsWith(
      callerOf(context),
      context.bus,
      promptHistoryOperations.get,
      ({ userId }) => ({ userId, id }),
    );
    return Object.assign(new PromptVersionWithPrevious(), {
      version: PromptVersion.from(found.version),
      previous: found.previous ? PromptVersion.from(found.previous) : null,
    });
  }

  @Mutation(() => SavedPromptVersion, {
    description: 'Saves a prompt version, unless your newest has the same prompt and origin.',
  })
  async savePromptVersion(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => PromptVersionInput) input: PromptVersionInput,
  ) {
    const saved = await callAsWith(
      callerOf(context),
      context.bus,
      promptHistoryOperations.save,
      ({ userId }) => ({ ...input, userId }),
    );
    return Object.assign(new SavedPromptVersion(), {
      saved: saved.saved,
      version: PromptVersion.from(saved.version),
    });
  }

  @Subscription(() => PromptVersionSaved, {
    description:
      'Each prompt version you save, on any of your devices. Pass the last `sequence` seen to catch up.',
    subscribe: ({ context, args }: SubscribeArgs) => {
      return readableEvents(context, signatureEvents.promptVersionSaved, {
        afterSequence: args.afterSequence,
      });
    },
  })
  promptVersionSaved(
    @Arg('afterSequence', () => Float, { nullable: true }) _afterSequence: number | null,
    @Root() event: HubEvent<SavedPayload>,
  ): PromptVersionSaved {
    return Object.assign(new PromptVersionSaved(), {
      version: PromptVersion.from(event.payload.version),
      sequence: event.sequence,
    });
  }
}

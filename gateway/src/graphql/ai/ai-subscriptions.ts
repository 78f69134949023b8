import { Arg, Float, Int, Resolver, Root, Subscription } from 'type-graphql';
import { type GraphQLResolveInfo } from 'graphql';
import {
  aiEvents,
  type ListItem as ListItemView,
  type PayloadOf,
  type SubElement as SubElementView,
} from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
import { selectsField } from './selects-field';
import { withWholeList, type ListChangeWithItems } from './whole-list';
import { withWholeSubElements, type SubElementChangeWithAll } from './whole-sub-elements';
import { GenerationFailure } from './generation-types';
import { ListFamily } from '../enums';
import { ListItem, ListUpdate } from './list-types';
import { Selection } from './selection-types';
import { SubElement, SubElementsUpdate } from './sub-element-types';

interface SubscribeArgs {
  context: GraphQLContext;
  args: { family?: ListFamily; elementId?: number; afterSequence?: number | null };
  info: GraphQLResolveInfo;
}

/** Live updates of the user's own lists: delivered only to the connections of the user who owns them. */
@Resolver()
export class AiSubscriptions {
  @Subscription(() => ListUpdate, {
    description: 'Your list of one family, each time it changes. Pass the last `sequence` seen to catch up.',
    subscribe: async ({ context, args, info }: SubscribeArgs) => {
      const changes = await readableEvents(context, aiEvents.listUpdated, {
        accept: (payload) => payload.family === args.family,
        afterSequence: args.afterSequence,
      });
      return withWholeList(context, changes, selectsField(info, 'items'));
    },
  })
  listUpdated(
    @Arg('family', () => ListFamily) _family: ListFamily,
    @Arg('afterSequence', () => Float, { nullable: true }) _afterSequence: number | null,
    @Root() event: HubEvent<ListChangeWithItems>,
  ): ListUpdate {
    const items = (list: ListItemView[]) => list.map((item) => ListItem.from(item));
    return Object.assign(new ListUpdate(), {
      family: event.payload.family,
      version: event.payload.version,
      added: items(event.payload.added),
      changed: items(event.payload.changed),
      removedIds: event.payload.removed,
      items: items(event.payload.items ?? []),
      jobId: event.payload.jobId,
      committedAt: event.payload.committedAt,
      sequence: event.sequence,
      run: event.payload.run ?? null,
    });
  }

  @Subscription(() => SubElementsUpdate, {
    description: 'The sub-elements of one of your elements, each time they change.',
    subscribe: async ({ context, args, info }: SubscribeArgs) => {
      const changes = await readableEvents(context, aiEvents.subElementsUpdated, {
        accept: (payload) => payload.elementId === args.elementId,
        afterSequence: args.afterSequence,
      });
      return withWholeSubElements(context, changes, selectsField(info, 'subElements'));
    },
  })
  subElementsUpdated(
    @Arg('elementId', () => Int) _elementId: number,
    @Arg('afterSequence', () => Float, { nullable: true }) _afterSequence: number | null,
    @Root() event: HubEvent<SubElementChangeWithAll>,
  ): SubElementsUpdate {
    const rows = (list: SubElementView[]) => list.map((row) => SubElement.from(row));
    return Object.assign(new SubElementsUpdate(), {
      elementId: event.payload.elementId,
      version: event.payload.version,
      added: rows(event.payload.added),
      changed: rows(event.payload.changed),
      removedIds: event.payload.removed,
      subElements: rows(event.payload.subElements ?? []),
      jobId: event.payload.jobId,
      sequence: event.sequence,
    });
  }

  @Subscription(() => GenerationFailure, {
    description: 'Your generation jobs that ended without items (show the message to the user).',
    subscribe: ({ context, args }: SubscribeArgs) => {
      return readableEvents(context, aiEvents.generationFailed, { afterSequence: args.afterSequence });
    },
  })
  generationFailed(
    @Arg('afterSequence', () => Float, { nullable: true }) _afterSequence: number | null,
    @Root() event: HubEvent<PayloadOf<typeof aiEvents.generationFailed>>,
  ): GenerationFailure {
    return Object.assign(new GenerationFailure(), { ...event.payload, sequence: event.sequence });
  }

  @Subscription(() => Selection, {
    description: 'Your active selection, each time it changes in any tab or device.',
    subscribe: ({ context }: SubscribeArgs) => {
      return readableEvents(context, aiEvents.selectionChanged);
    },
  })
  selectionChanged(@Root() event: HubEvent<PayloadOf<typeof aiEvents.selectionChanged>>): Selection {
    return Selection.from(event.payload.selection);
  }
}

import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  ListItem as ListItemSchema,
  ListResponse,
  PreviousSettings as PreviousSettingsSchema,
  RunProgress as RunProgressSchema,
  aiEvents,
  aiOperations,
  type ListItem as ListItemView,
  type PreviousSettings as PreviousSettingsView,
} from '@promptloom/proto';
import { ListFamily } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'One item of a list (SPEC §3 AI response item).' })
@ShapeOf(ListItemSchema)
export class ListItem {
  @Field(() => Int) id!: number;
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int) userId!: number;
  @Field(() => String) aiResponse!: string;
  @Field(() => String, { nullable: true }) aiReason!: string | null;
  @Field(() => Int) levels!: number;
  @Field(() => String, { nullable: true }) aiModel!: string | null;
  @Field(() => Int, { nullable: true }) frequency!: number | null;
  @Field(() => String, { nullable: true }) agentRole!: string | null;
  @Field(() => String, { nullable: true, description: 'The reference name of the run.' }) name!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Elements: the category it was generated in.' })
  category!: string | null;
  @Field(() => Int, { description: '1 Active, 0 Deactive.' }) status!: number;
  @Field(() => String) createdAt!: string;

  static from(item: ListItemView): ListItem {
    return fromView(ListItem, item);
  }
}

@ObjectType({ description: "One user's list." })
// The whole list: the gateway reads every page of it, so `aiResponse` is `items` and no page follows.
@ShapeOf(ListResponse, { omits: ['aiResponse', 'nextAfterId'], adds: ['items'] })
export class AiList {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int) userId!: number;
  @Field(() => [ListItem]) items!: ListItem[];

  static from(family: string, userId: number, items: ListItemView[]): AiList {
    return Object.assign(new AiList(), {
      family: family,
      userId,
      items: items.map((item) => ListItem.from(item)),
    });
  }
}

@ObjectType({ description: 'How far a streamed agent run is: "7 of 10", and whether it is still running.' })
// `state` is plain text: no GraphQL enum was made for it.
@ShapeOf(RunProgressSchema, { retypes: { state: 'String' } })
export class RunProgress {
  @Field(() => Int, { description: 'Items stored so far.' }) stored!: number;
  @Field(() => Int, { description: 'Items the run asked for.' }) total!: number;
  @Field(() => String, { description: "'running', 'done' or 'cancelled'." }) state!: string;
}

@ObjectType({
  description:
    "A change to a list: the items added, changed and removed, and the list's `version` after it. A client that " +
    'sees a version other than the one after the last it applied has missed a change and reads the list again. ' +
    '`sequence` is where to resume after a reconnect.',
})
// The event (its `userId` is the subscriber's, `removed` is `removedIds`), the whole list and the sequence.
@ShapeOf(aiEvents.listUpdated.payload, {
  omits: ['userId', 'removed'],
  adds: ['removedIds', 'items', 'sequence'],
})
export class ListUpdate {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int, { description: "The list's version after this change (1, 2, 3 … per user and list)." })
  version!: number;
  @Field(() => [ListItem], { description: 'Items added by this change, in list order.' })
  added!: ListItem[];
  @Field(() => [ListItem], { description: 'Items changed by this change, as they now are.' })
  changed!: ListItem[];
  @Field(() => [Int], { description: 'Ids of the items this change removed.' })
  removedIds!: number[];
  @Field(() => [ListItem], {
    description:
      'The whole list after this change, kept by the gateway (it applies each change and reads the list again ' +
      'after a gap). Costs a read of the list at the first change: ask for the change fields where you can.',
  })
  items!: ListItem[];
  @Field(() => String, { nullable: true, description: 'The generation job that produced it, if any.' })
  jobId!: string | null;
  @Field(() => Float, { description: 'When the change was committed, ms since the epoch.' })
  committedAt!: number;
  @Field(() => Float) sequence!: number;
  @Field(() => RunProgress, {
    nullable: true,
    description: "A streamed run's progress: null for changes that are not part of a run.",
  })
  run!: RunProgress | null;
}

@ObjectType({ description: "The last settings the user's agent ran with (SPEC §7 prev_*)." })
// `family` is the enum of every list; an agent's is never br.
@ShapeOf(PreviousSettingsSchema, { retypes: { family: 'ListFamily' } })
export class PreviousSettings {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => String, { nullable: true }) aiModel!: string | null;
  @Field(() => Int, { nullable: true }) frequency!: number | null;
  @Field(() => String, { nullable: true }) agentRole!: string | null;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => Int) levels!: number;
  @Field(() => String, { nullable: true, description: 'The first day (YYYY-MM-DD) the agent may run again.' })
  date!: string | null;

  static from(settings: PreviousSettingsView): PreviousSettings {
    return fromView(PreviousSettings, settings);
  }
}

@InputType()
// `userId` is the caller's; `items` is `aiResponse`; `levels` is read as a number, then checked to be 0–3.
@ShapeOf(aiOperations.storeList.request, {
  omits: ['userId', 'aiResponse'],
  adds: ['items'],
  retypes: { levels: 'Int' },
})
export class StoreListInput {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int, { nullable: true }) levels?: number;
  @Field(() => String) aiModel!: string;
  @Field(() => Int) frequency!: number;
  @Field(() => [String]) items!: string[];
  @Field(() => String, { nullable: true }) agentRole?: string;
  @Field(() => String, { nullable: true }) name?: string;
}

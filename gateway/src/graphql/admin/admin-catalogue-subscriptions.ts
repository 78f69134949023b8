import { Root, Resolver, Subscription } from 'type-graphql';
import { catalogueEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
import { Mode, ModeType, Module } from './catalogue-types';
import { ModeChange, ModeTypeChange, ModuleChange } from './change-types';

type Payload<E extends keyof typeof catalogueEvents> = HubEvent<PayloadOf<(typeof catalogueEvents)[E]>>;

/** Live admin tables: each catalogue change as it commits, one subscription per table. */
@Resolver()
export class AdminCatalogueSubscriptions {
  @Subscription(() => ModuleChange, {
    description: 'Admins only: each module created, updated or deleted.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, catalogueEvents.moduleChanged);
    },
  })
  moduleChanged(@Root() event: Payload<'moduleChanged'>): ModuleChange {
    const { action, module } = event.payload;
    return Object.assign(new ModuleChange(), {
      action,
      module: Module.from(module),
      sequence: event.sequence,
    });
  }

  @Subscription(() => ModeChange, {
    description: 'Admins only: each mode created, updated or deleted.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, catalogueEvents.modeChanged);
    },
  })
  modeChanged(@Root() event: Payload<'modeChanged'>): ModeChange {
    const { action, mode } = event.payload;
    return Object.assign(new ModeChange(), { action, mode: Mode.from(mode), sequence: event.sequence });
  }

  @Subscription(() => ModeTypeChange, {
    description: 'Admins only: each mode type created, updated or deleted.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, catalogueEvents.modeTypeChanged);
    },
  })
  modeTypeChanged(@Root() event: Payload<'modeTypeChanged'>): ModeTypeChange {
    const { action, mode_type: modeType } = event.payload;
    return Object.assign(new ModeTypeChange(), {
      action,
      modeType: ModeType.from(modeType),
      sequence: event.sequence,
    });
  }
}

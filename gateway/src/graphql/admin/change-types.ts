import { Field, Int, ObjectType } from 'type-graphql';
import { Mode, ModeType, Module } from './catalogue-types';
import { ChangeAction } from '../enums';
import { ShapeOf } from '../shapes/shape-of';
import { accountEvents, catalogueEvents, type ChangeAction as ChangeActionValue } from '@promptloom/proto';

// Each change is its event's payload and the `sequence` the gateway adds, to resume from.
const withSequence = { adds: ['sequence'] };

@ObjectType({ description: "A user's account was deleted; other services remove their records too." })
@ShapeOf(accountEvents.userDeleted.payload, withSequence)
export class UserDeletion {
  @Field(() => Int) userId!: number;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A module was created, updated or deleted (then as it was last stored).' })
@ShapeOf(catalogueEvents.moduleChanged.payload, withSequence)
export class ModuleChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => Module) module!: Module;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode was created, updated (or given modules) or deleted.' })
@ShapeOf(catalogueEvents.modeChanged.payload, withSequence)
export class ModeChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => Mode) mode!: Mode;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode type was created, updated or deleted.' })
@ShapeOf(catalogueEvents.modeTypeChanged.payload, withSequence)
export class ModeTypeChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => ModeType) modeType!: ModeType;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

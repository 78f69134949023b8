import { Field, Int, ObjectType } from 'type-graphql';
import { Mode, ModeType, Module } from './catalogue-types';
import { ChangeAction } from '../enums';
import { type ChangeAction as ChangeActionValue } from '@promptloom/proto';

@ObjectType({ description: "A user's account was deleted; other services remove their records too." })
export class UserDeletion {
  @Field(() => Int) userId!: number;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A module was created, updated or deleted (then as it was last stored).' })
export class ModuleChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => Module) module!: Module;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode was created, updated (or given modules) or deleted.' })
export class ModeChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => Mode) mode!: Mode;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode type was created, updated or deleted.' })
export class ModeTypeChange {
  @Field(() => ChangeAction) action!: ChangeActionValue;
  @Field(() => ModeType) modeType!: ModeType;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

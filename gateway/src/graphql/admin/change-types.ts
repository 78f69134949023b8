import { Field, Int, ObjectType } from 'type-graphql';
import { Mode, ModeType, Module } from './catalogue-types';

@ObjectType({ description: "A user's account was deleted; other services remove their records too." })
export class UserDeletion {
  @Field(() => Int) userId!: number;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A module was created, updated or deleted (then as it was last stored).' })
export class ModuleChange {
  @Field(() => String, { description: "'created', 'updated' or 'deleted'." }) action!: string;
  @Field(() => Module) module!: Module;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode was created, updated (or given modules) or deleted.' })
export class ModeChange {
  @Field(() => String, { description: "'created', 'updated' or 'deleted'." }) action!: string;
  @Field(() => Mode) mode!: Mode;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

@ObjectType({ description: 'A mode type was created, updated or deleted.' })
export class ModeTypeChange {
  @Field(() => String, { description: "'created', 'updated' or 'deleted'." }) action!: string;
  @Field(() => ModeType) modeType!: ModeType;
  @Field(() => Int, { description: 'The event stream sequence, to resume from.' }) sequence!: number;
}

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import {
  Mode as ModeSchema,
  ModePage as ModePageSchema,
  ModeType as ModeTypeSchema,
  ModeTypePage as ModeTypePageSchema,
  Module as ModuleSchema,
  ModulePage as ModulePageSchema,
  modeOperations,
  modeTypeOperations,
  moduleOperations,
  type Mode as ModeRecord,
  type ModeType as ModeTypeRecord,
  type Module as ModuleRecord,
} from '@promptloom/proto';
import { pageType } from './page-type';
import { AccountStatus } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'A module of the catalogue.' })
@ShapeOf(ModuleSchema)
export class Module {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => AccountStatus) status!: AccountStatus;

  static from(record: ModuleRecord): Module {
    return fromView(Module, record);
  }
}

@ObjectType({ description: 'A mode: one name with one or more modules.' })
@ShapeOf(ModeSchema)
export class Mode {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => [Int], { description: 'The ids of its modules.' }) moduleId!: number[];
  @Field(() => String, { description: "Its modules' names, joined: 'Creative, Place'." }) modules!: string;

  static from(record: ModeRecord): Mode {
    return fromView(Mode, record);
  }
}

@ObjectType({ description: 'The parent mode of a mode type.' })
@ShapeOf(ModeTypeSchema.shape.mode.unwrap())
export class ModeRef {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
}

@ObjectType({ description: 'A mode type: a TL mode and a TR mode under a parent mode.' })
@ShapeOf(ModeTypeSchema)
export class ModeType {
  @Field(() => Int) id!: number;
  @Field(() => String) topLeft!: string;
  @Field(() => String) topRight!: string;
  @Field(() => Int) modeId!: number;
  @Field(() => ModeRef, { nullable: true }) mode!: ModeRef | null;

  static from(record: ModeTypeRecord): ModeType {
    return fromView(ModeType, record, { mode: record.mode ? fromView(ModeRef, record.mode) : null });
  }
}

export const ModulePage = pageType(Module, 'ModulePage', ModulePageSchema);
export const ModePage = pageType(Mode, 'ModePage', ModePageSchema);
export const ModeTypePage = pageType(ModeType, 'ModeTypePage', ModeTypePageSchema);

@InputType()
// The create's request; the update's is it with the `id` argument, and a status not given keeps the status.
@ShapeOf(moduleOperations.create.request)
export class ModuleInput {
  @Field(() => String) name!: string;
  @Field(() => AccountStatus, { nullable: true, description: 'Active when not given.' })
  status?: AccountStatus | null;
}

@InputType()
// The create's request; the update's is it with the `id` argument.
@ShapeOf(modeOperations.create.request)
export class ModeInput {
  @Field(() => String) name!: string;
  @Field(() => [Int], { description: 'At least one module id.' }) moduleId!: number[];
}

@InputType()
// The create's request; the update's is it with the `id` argument.
@ShapeOf(modeTypeOperations.create.request)
export class ModeTypeInput {
  @Field(() => String) topLeft!: string;
  @Field(() => String) topRight!: string;
  @Field(() => Int, { description: 'The parent mode.' }) modeId!: number;
}

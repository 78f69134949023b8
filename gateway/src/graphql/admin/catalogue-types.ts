import { Field, InputType, Int, ObjectType } from 'type-graphql';
import {
  type Mode as ModeRecord,
  type ModeType as ModeTypeRecord,
  type Module as ModuleRecord,
} from '@promptloom/proto';
import { pageType } from './page-type';
import { AccountStatus } from '../enums';

@ObjectType({ description: 'A module of the catalogue.' })
export class Module {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => AccountStatus) status!: AccountStatus;

  static from(record: ModuleRecord): Module {
    return Object.assign(new Module(), record);
  }
}

@ObjectType({ description: 'A mode: one name with one or more modules.' })
export class Mode {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => [Int], { description: 'The ids of its modules.' }) moduleId!: number[];
  @Field(() => String, { description: "Its modules' names, joined: 'Creative, Place'." }) modules!: string;

  static from(record: ModeRecord): Mode {
    return Object.assign(new Mode(), {
      id: record.id,
      name: record.name,
      moduleId: record.module_id,
      modules: record.modules,
    });
  }
}

@ObjectType({ description: 'The parent mode of a mode type.' })
export class ModeRef {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
}

@ObjectType({ description: 'A mode type: a TL mode and a TR mode under a parent mode.' })
export class ModeType {
  @Field(() => Int) id!: number;
  @Field(() => String) topLeft!: string;
  @Field(() => String) topRight!: string;
  @Field(() => Int) modeId!: number;
  @Field(() => ModeRef, { nullable: true }) mode!: ModeRef | null;

  static from(record: ModeTypeRecord): ModeType {
    return Object.assign(new ModeType(), {
      id: record.id,
      topLeft: record.top_left,
      topRight: record.top_right,
      modeId: record.mode_id,
      mode: record.mode ? Object.assign(new ModeRef(), record.mode) : null,
    });
  }
}

export const ModulePage = pageType(Module, 'ModulePage');
export const ModePage = pageType(Mode, 'ModePage');
export const ModeTypePage = pageType(ModeType, 'ModeTypePage');

@InputType()
export class ModuleInput {
  @Field(() => String) name!: string;
  @Field(() => AccountStatus, { nullable: true, description: 'Active when not given.' })
  status?: AccountStatus | null;
}

@InputType()
export class ModeInput {
  @Field(() => String) name!: string;
  @Field(() => [Int], { description: 'At least one module id.' }) moduleId!: number[];
}

@InputType()
export class ModeTypeInput {
  @Field(() => String) topLeft!: string;
  @Field(() => String) topRight!: string;
  @Field(() => Int, { description: 'The parent mode.' }) modeId!: number;
}

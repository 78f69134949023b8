import { Field, Int, ObjectType } from 'type-graphql';
import { type DashboardFigures as DashboardRecord } from '@promptloom/proto';

@ObjectType()
export class StatusCounts {
  @Field(() => Int) total!: number;
  @Field(() => Int) active!: number;
  @Field(() => Int) inactive!: number;
}

@ObjectType()
export class RoleCount {
  @Field(() => String) roleType!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
export class UserCounts extends StatusCounts {
  @Field(() => [RoleCount]) byRole!: RoleCount[];
}

@ObjectType({ description: "Each family's number of users' records." })
export class RecordCounts {
  @Field(() => Int) tl!: number;
  @Field(() => Int) tr!: number;
  @Field(() => Int) bl!: number;
  @Field(() => Int) br!: number;
}

@ObjectType({ description: 'A mode and its number of mode types.' })
export class ModePower {
  @Field(() => Int) modeId!: number;
  @Field(() => String) mode!: string;
  @Field(() => Int) modeTypes!: number;
}

@ObjectType({ description: "Real counts for the admin dashboard's cards." })
export class DashboardFigures {
  @Field(() => StatusCounts) modules!: StatusCounts;
  @Field(() => Int) modes!: number;
  @Field(() => Int) modeTypes!: number;
  @Field(() => UserCounts) users!: UserCounts;
  @Field(() => RecordCounts, {
    nullable: true,
    description: 'Null when a service owning records did not answer.',
  })
  records!: RecordCounts | null;
  @Field(() => [ModePower]) powerPerMode!: ModePower[];

  static from(record: DashboardRecord): DashboardFigures {
    return Object.assign(new DashboardFigures(), {
      modules: record.modules,
      modes: record.modes,
      modeTypes: record.mode_types,
      users: {
        total: record.users.total,
        active: record.users.active,
        inactive: record.users.inactive,
        byRole: record.users.by_role.map((row) => ({ roleType: row.role_type, count: row.count })),
      },
      records: record.records,
      powerPerMode: record.power_per_mode.map((row) => ({
        modeId: row.mode_id,
        mode: row.mode,
        modeTypes: row.mode_types,
      })),
    });
  }
}

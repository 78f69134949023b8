import { Field, Int, ObjectType } from 'type-graphql';
import {
  DashboardFigures as DashboardSchema,
  type DashboardFigures as DashboardRecord,
} from '@promptloom/proto';
import { ShapeOf, fromView } from '../shapes/shape-of';

const figures = DashboardSchema.shape;

@ObjectType()
@ShapeOf(figures.modules)
export class StatusCounts {
  @Field(() => Int) total!: number;
  @Field(() => Int) active!: number;
  @Field(() => Int) inactive!: number;
}

@ObjectType()
@ShapeOf(figures.users.shape.by_role.element)
export class RoleCount {
  @Field(() => String) roleType!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
@ShapeOf(figures.users)
export class UserCounts extends StatusCounts {
  @Field(() => [RoleCount]) byRole!: RoleCount[];
}

@ObjectType({ description: "Each family's number of users' records." })
@ShapeOf(figures.records.unwrap())
export class RecordCounts {
  @Field(() => Int) tl!: number;
  @Field(() => Int) tr!: number;
  @Field(() => Int) bl!: number;
  @Field(() => Int) br!: number;
}

@ObjectType({ description: 'A mode and its number of mode types.' })
@ShapeOf(figures.power_per_mode.element)
export class ModePower {
  @Field(() => Int) modeId!: number;
  @Field(() => String) mode!: string;
  @Field(() => Int) modeTypes!: number;
}

@ObjectType({ description: "Real counts for the admin dashboard's cards." })
@ShapeOf(DashboardSchema)
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
    return fromView(DashboardFigures, record, {
      users: fromView(UserCounts, record.users, {
        byRole: record.users.by_role.map((row) => fromView(RoleCount, row)),
      }),
      powerPerMode: record.power_per_mode.map((row) => fromView(ModePower, row)),
    });
  }
}

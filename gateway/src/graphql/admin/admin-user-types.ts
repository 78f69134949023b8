import { Field, Int, ObjectType } from 'type-graphql';
import { AdminUserPage } from '@promptloom/proto';
import { User } from '../auth/auth-types';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'One page of users, oldest first.' })
@ShapeOf(AdminUserPage)
export class UserPage {
  @Field(() => [User]) data!: User[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) lastPage!: number;
  @Field(() => Int) perPage!: number;
  @Field(() => Int) total!: number;

  static from(page: AdminUserPage): UserPage {
    return fromView(UserPage, page, { data: page.data.map((user) => User.from(user)) });
  }
}

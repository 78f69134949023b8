import { Field, Int, ObjectType } from 'type-graphql';
import { type AdminUserPage } from '@promptloom/proto';
import { User } from '../auth/auth-types';

@ObjectType({ description: 'One page of users, oldest first.' })
export class UserPage {
  @Field(() => [User]) data!: User[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) lastPage!: number;
  @Field(() => Int) perPage!: number;
  @Field(() => Int) total!: number;

  static from(page: AdminUserPage): UserPage {
    return Object.assign(new UserPage(), {
      data: page.data.map((user) => User.from(user)),
      currentPage: page.current_page,
      lastPage: page.last_page,
      perPage: page.per_page,
      total: page.total,
    });
  }
}

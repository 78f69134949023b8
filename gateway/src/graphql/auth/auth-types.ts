import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { type PublicUser } from '@promptloom/proto';
import { AccountStatus } from '../enums';

// simpleResolvers: graphql's default resolver reads each field, not a type-graphql wrapper per field (no middleware
// or auth checker applies to these plain properties, whose names are their schema names).
@ObjectType({ description: 'A user as every signed-in client may see them.', simpleResolvers: true })
export class User {
  @Field(() => Int) id!: number;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) mobile!: string;
  @Field(() => String, { description: "'Admin' or 'user'." }) roleType!: string;
  @Field(() => AccountStatus) status!: AccountStatus;

  static from(user: PublicUser): User {
    return Object.assign(new User(), {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      roleType: user.role_type,
      status: user.status,
    });
  }
}

@ObjectType()
export class AuthPayload {
  @Field(() => String, {
    description: 'Send as `Authorization: Bearer <token>`; expires after an idle hour.',
  })
  accessToken!: string;
  @Field(() => Int) expiresIn!: number;
  @Field(() => User) user!: User;
}

@InputType()
export class SignupInput {
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String) email!: string;
  @Field(() => String) mobile!: string;
  @Field(() => String) password!: string;
  @Field(() => String) passwordConfirmation!: string;
}

@InputType()
export class LoginInput {
  @Field(() => String, { description: 'The email address (the form calls it USERNAME OR EMAIL).' })
  email!: string;
  @Field(() => String) password!: string;
}

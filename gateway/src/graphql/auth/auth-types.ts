import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { LoginRequest, PublicUser, SignupRequest } from '@promptloom/proto';
import { AccountStatus } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

// simpleResolvers: graphql's default resolver reads each field, not a type-graphql wrapper per field (no middleware
// or auth checker applies to these plain properties, whose names are their schema names).
@ObjectType({ description: 'A user as every signed-in client may see them.', simpleResolvers: true })
@ShapeOf(PublicUser)
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
    return fromView(User, user);
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
// The operation's request, less the client's address: the gateway adds it from the connection.
@ShapeOf(SignupRequest)
export class SignupInput {
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String) email!: string;
  @Field(() => String) mobile!: string;
  @Field(() => String) password!: string;
  @Field(() => String) passwordConfirmation!: string;
}

@InputType()
// The operation's request, less the client's address: the gateway adds it from the connection.
@ShapeOf(LoginRequest)
export class LoginInput {
  @Field(() => String, { description: 'The email address (the form calls it USERNAME OR EMAIL).' })
  email!: string;
  @Field(() => String) password!: string;
}

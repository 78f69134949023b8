import { Field, InputType } from 'type-graphql';
import { adminUserOperations } from '@promptloom/proto';
import { AccountStatus } from '../enums';
import { ShapeOf } from '../shapes/shape-of';

@InputType({ description: "The admin form's user: one name field, a free-text role, a status." })
@ShapeOf(adminUserOperations.create.request)
export class AdminUserInput {
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) mobile!: string;
  @Field(() => String, { description: "'Admin' or 'user'." }) roleType!: string;
  @Field(() => AccountStatus, { nullable: true, description: 'Active when not given.' })
  status?: AccountStatus | null;
  @Field(() => String) password!: string;
  @Field(() => String) passwordConfirmation!: string;
}

@InputType({ description: 'Only the fields given change; no password keeps the password.' })
// `id` is an argument of its own.
@ShapeOf(adminUserOperations.update.request, { omits: ['id'] })
export class AdminUserUpdateInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) mobile?: string | null;
  @Field(() => String, { nullable: true }) roleType?: string | null;
  @Field(() => AccountStatus, { nullable: true }) status?: AccountStatus | null;
  @Field(() => String, { nullable: true }) password?: string | null;
  @Field(() => String, { nullable: true }) passwordConfirmation?: string | null;
}

/** The admin form's snake_case fields. */
export const createUserRequest = (input: AdminUserInput) => ({
  name: input.name,
  email: input.email,
  mobile: input.mobile,
  role_type: input.roleType,
  status: input.status ?? undefined,
  password: input.password,
  password_confirmation: input.passwordConfirmation,
});

/** The update's snake_case fields; a field not given (null) is left out. */
export const updateUserRequest = (id: number, input: AdminUserUpdateInput) => ({
  id,
  name: input.name ?? undefined,
  email: input.email ?? undefined,
  mobile: input.mobile ?? undefined,
  role_type: input.roleType ?? undefined,
  status: input.status ?? undefined,
  password: input.password ?? undefined,
  password_confirmation: input.passwordConfirmation ?? undefined,
});

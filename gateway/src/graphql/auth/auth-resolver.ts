import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type SessionPayload } from '../../auth/sessions';
import { callerOf, requireActor, type GraphQLContext } from '../context';
import { AuthPayload, LoginInput, SignupInput, User } from './auth-types';

function toPayload(session: SessionPayload): AuthPayload {
  return Object.assign(new AuthPayload(), {
    accessToken: session.accessToken,
    expiresIn: session.expiresInSeconds,
    user: User.from(session.user),
  });
}

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Creates a regular user account and signs it in.' })
  async signup(@Arg('input', () => SignupInput) input: SignupInput, @Ctx() context: GraphQLContext) {
    const signup = {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      mobile: input.mobile,
      password: input.password,
      password_confirmation: input.passwordConfirmation,
    };
    return toPayload(await context.sessions.signup(signup, context.request, context.clientIp));
  }

  @Mutation(() => AuthPayload, { description: 'Signs in with email and password.' })
  async login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() context: GraphQLContext) {
    return toPayload(await context.sessions.login({ ...input }, context.request, context.clientIp));
  }

  @Mutation(() => Boolean, {
    description: 'Ends this session on the server: its token stops working and its subscriptions close.',
  })
  async logout(@Ctx() context: GraphQLContext) {
    await context.sessions.logout(callerOf(context));
    return true;
  }

  @Query(() => User, { description: 'The signed-in user.' })
  me(@Ctx() context: GraphQLContext): User | Promise<User> {
    // Not derived: the gateway answers from the users it keeps; no operation is called here.
    requireActor(context);
    // Most requests find the user kept and answer without a promise (see Sessions.currentUser).
    const user = context.sessions.currentUser(context.request);
    return user instanceof Promise ? user.then(User.from) : User.from(user);
  }
}

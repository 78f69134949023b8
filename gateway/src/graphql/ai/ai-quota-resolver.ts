import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { aiOperations, type AiQuota as AiQuotaView } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, requireAdmin, type GraphQLContext } from '../context';

@ObjectType({
  description:
    "A user's AI use today (UTC): calls (Runs, sub-element generations, chat, refine, swap), their tokens and cost.",
})
export class AiQuota {
  @Field(() => Int) userId!: number;
  @Field(() => Int, { description: "Calls allowed per day: the admin's override, else the default." })
  limit!: number;
  @Field(() => Int) used!: number;
  @Field(() => Int) remaining!: number;
  @Field(() => String, { description: 'When the count starts again (next UTC midnight), ISO 8601.' })
  resetsAt!: string;
  @Field(() => Int, { nullable: true, description: "The admin's override; null: the default applies." })
  override!: number | null;
  @Field(() => Float, { description: "Prompt and completion tokens of today's recorded calls." })
  tokensUsed!: number;
  @Field(() => Float, {
    nullable: true,
    description: "Tokens allowed per day: the admin's override, else the default; null: not limited.",
  })
  tokenLimit!: number | null;
  @Field(() => Float, { nullable: true, description: 'Null when tokens are not limited.' })
  tokensRemaining!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: "The admin's token override; null: the default applies.",
  })
  tokenOverride!: number | null;
  @Field(() => Float, { description: "Estimated cost of today's calls in US dollars (AI_PRICES)." })
  costUsd!: number;

  static from(view: AiQuotaView): AiQuota {
    return Object.assign(new AiQuota(), {
      userId: view.user_id,
      limit: view.limit,
      used: view.used,
      remaining: view.remaining,
      resetsAt: view.resets_at,
      override: view.override,
      tokensUsed: view.tokens_used,
      tokenLimit: view.token_limit,
      tokensRemaining: view.tokens_remaining,
      tokenOverride: view.token_override,
      costUsd: view.cost_usd,
    });
  }
}

@Resolver()
export class AiQuotaResolver {
  @Query(() => AiQuota, { description: "The signed-in user's AI calls left today." })
  async myAiQuota(@Ctx() context: GraphQLContext) {
    const quota = await callAs(callerOf(context), context.bus, aiOperations.getQuota, (actor) => ({
      user_id: actor.userId,
    }));
    return AiQuota.from(quota);
  }

  @Query(() => AiQuota, { description: "Admin: a user's AI quota." })
  async userAiQuota(@Ctx() context: GraphQLContext, @Arg('userId', () => Int) userId: number) {
    // Not declared: getQuota lets a user read their own quota (myAiQuota); this field is the admin console's.
    requireAdmin(context);
    const quota = await callAs(callerOf(context), context.bus, aiOperations.getQuota, () => ({
      user_id: userId,
    }));
    return AiQuota.from(quota);
  }

  @Mutation(() => AiQuota, {
    description:
      "Admin: sets a user's daily AI calls and, when given, tokens; null goes back to the default, an absent " +
      'dailyTokenLimit keeps the token override.',
  })
  async setUserAiQuota(
    @Ctx() context: GraphQLContext,
    @Arg('userId', () => Int) userId: number,
    @Arg('dailyLimit', () => Int, { nullable: true }) dailyLimit: number | null,
    @Arg('dailyTokenLimit', () => Float, { nullable: true }) dailyTokenLimit?: number | null,
  ) {
    const quota = await callAs(callerOf(context), context.bus, aiOperations.setQuota, () => ({
      user_id: userId,
      daily_limit: dailyLimit ?? null,
      daily_token_limit: dailyTokenLimit,
    }));
    return AiQuota.from(quota);
  }
}

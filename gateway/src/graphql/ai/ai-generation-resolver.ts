import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations, aiUserChatOperation } from '@promptloom/proto';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { AiModels, ChatInput, ChatReply, JobTicket, RunAgentInput } from './generation-types';

@Resolver()
export class AiGenerationResolver {
  @Mutation(() => JobTicket, { description: 'Runs an agent; the list arrives through `listUpdated`.' })
  async runAgent(@Ctx() context: GraphQLContext, @Arg('input', () => RunAgentInput) input: RunAgentInput) {
    const ticket = await callAs(callerOf(context), context.bus, aiOperations.runAgent, (actor) => ({
      family: input.family,
      user_id: actor.userId,
      levels: input.levels,
      ai_model: input.aiModel,
      frequency: input.frequency,
      agent_role: input.agentRole,
      name: input.name,
      // A client may send null for what it leaves out: the request takes undefined.
      seeds: input.seeds ?? undefined,
      job_id: input.jobId ?? undefined,
    }));
    return JobTicket.from(ticket);
  }

  @Mutation(() => Boolean, {
    description: 'Stops your running agent run (its provider call is aborted); the items stored so far stay.',
  })
  async cancelRun(@Ctx() context: GraphQLContext, @Arg('jobId', () => String) jobId: string) {
    // callAsWith: a malformed job id is a BAD_USER_INPUT with the field's message.
    const reply = await callAsWith(callerOf(context), context.bus, aiOperations.cancelRun, (actor) => ({
      user_id: actor.userId,
      job_id: jobId,
    }));
    return reply.requested;
  }

  @Mutation(() => JobTicket, {
    description: "Generates an element's sub-elements; they arrive through `subElementsUpdated`.",
  })
  async generateSubElements(
    @Ctx() context: GraphQLContext,
    @Arg('elementId', () => Int) elementId: number,
    @Arg('frequency', () => Int, { nullable: true }) frequency?: number,
  ) {
    const ticket = await callAs(callerOf(context), context.bus, aiOperations.generateSubElements, () => ({
      element_id: elementId,
      frequency: frequency ?? undefined,
    }));
    return JobTicket.from(ticket);
  }

  @Query(() => AiModels, {
    description: 'The models offered (SPEC §9), labelled offline without a provider key.',
  })
  async aiModels(@Ctx() context: GraphQLContext) {
    const models = await callAs(callerOf(context), context.bus, aiOperations.models, () => ({}));
    return Object.assign(new AiModels(), {
      offline: models.offline,
      models: models.models,
      subElementModel: models.internal.sub_elements,
      refineModel: models.internal.refine,
      signatureSwapModel: models.internal.signature_swap,
    });
  }

  @Mutation(() => ChatReply, {
    description: 'The chat proxy (SPEC §7 /api/chat); the key stays on the server.',
  })
  async chat(@Ctx() context: GraphQLContext, @Arg('input', () => ChatInput) input: ChatInput) {
    // callAsWith: the operation's schema refuses models the product does not offer, with field messages.
    const reply = await callAsWith(
      callerOf(context),
      context.bus,
      aiUserChatOperation,
      () => ({
        model: input.model,
        messages: input.messages.map(({ role, content }) => ({ role, content })),
        max_tokens: input.maxTokens ?? undefined,
        temperature: input.temperature ?? undefined,
        frequency_penalty: input.frequencyPenalty ?? undefined,
      }),
      { timeoutMs: 120_000 },
    );
    return Object.assign(new ChatReply(), reply);
  }
}

import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  AiModelEntry,
  AiModelsResponse,
  ChatResponse,
  ChatUsage as ChatUsageSchema,
  JobTicket as JobTicketSchema,
  aiEvents,
  aiOperations,
  aiUserChatOperation,
  type JobTicket as JobTicketView,
} from '@promptloom/proto';
import { ChatReplyIssue, ChatRole, JobTicketStatus, ListFamily } from '../enums';
import { ReasonUsed } from '../reasons/reason-used-type';
import { ShapeOf, fromView } from '../shapes/shape-of';

@InputType({ description: 'The Run of an agent panel.' })
// `userId` is the caller's; `levels` is read as a number, then checked to be 0–3.
@ShapeOf(aiOperations.runAgent.request, { omits: ['userId'], retypes: { levels: 'Int' } })
export class RunAgentInput {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int, { nullable: true }) levels?: number;
  @Field(() => String) aiModel!: string;
  @Field(() => Int) frequency!: number;
  @Field(() => String, { nullable: true }) agentRole?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => [String], { nullable: true, description: 'Types only: the seeds kept before new types.' })
  seeds?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Idempotency key: the same id runs once.' })
  jobId?: string | null;
}

@ObjectType({
  description: 'A queued generation; its result arrives by `listUpdated` or `generationFailed`.',
})
@ShapeOf(JobTicketSchema)
export class JobTicket {
  @Field(() => String, { nullable: true }) jobId!: string | null;
  @Field(() => JobTicketStatus) status!: JobTicketView['status'];
  @Field(() => String, { nullable: true }) nextDate!: string | null;
  @Field(() => [ReasonUsed], {
    description: "Your reasons the run's prompt carries as guidance, newest first (issue 19).",
  })
  reasonsUsed!: ReasonUsed[];

  static from(ticket: JobTicketView): JobTicket {
    return fromView(JobTicket, ticket, { reasonsUsed: ReasonUsed.list(ticket.reasons_used) });
  }
}

@ObjectType({
  description:
    "A job that ended without items: 'Error occurred while processing.' or 'No response from AI.'.",
})
// The event and the `sequence` to resume from; its `userId` is the subscriber, to whom alone it is delivered.
@ShapeOf(aiEvents.generationFailed.payload, { omits: ['userId'], adds: ['sequence'] })
export class GenerationFailure {
  @Field(() => String) jobId!: string;
  @Field(() => String, { description: "tl, tr, bl, br, or 'bltypes' for sub-elements." }) family!: string;
  @Field(() => Int, { nullable: true }) elementId!: number | null;
  @Field(() => String) message!: string;
  @Field(() => Float) sequence!: number;
}

@ObjectType()
@ShapeOf(AiModelEntry)
export class AiModelOption {
  @Field(() => String) id!: string;
  @Field(() => String) label!: string;
  @Field(() => Boolean, { description: 'Answered by the offline word-list provider (no key configured).' })
  offline!: boolean;
}

@ObjectType()
// The internal models ({ sub_elements, refine, signature_swap }) are three fields of their own here.
@ShapeOf(AiModelsResponse, {
  omits: ['internal'],
  adds: ['subElementModel', 'refineModel', 'signatureSwapModel'],
})
export class AiModels {
  @Field(() => Boolean) offline!: boolean;
  @Field(() => [AiModelOption]) models!: AiModelOption[];
  @Field(() => String) subElementModel!: string;
  @Field(() => String) refineModel!: string;
  @Field(() => String) signatureSwapModel!: string;
}

@InputType()
// `role` is the enum of every chat role; the user's chat takes 'user' and 'assistant', not 'system'.
@ShapeOf(aiUserChatOperation.request.shape.messages.element, { retypes: { role: 'ChatRole' } })
export class ChatMessageInput {
  @Field(() => ChatRole) role!: keyof typeof ChatRole;
  @Field(() => String) content!: string;
}

@InputType()
@ShapeOf(aiUserChatOperation.request)
export class ChatInput {
  @Field(() => String) model!: string;
  @Field(() => [ChatMessageInput]) messages!: ChatMessageInput[];
  @Field(() => Int, { nullable: true }) maxTokens?: number | null;
  @Field(() => Float, { nullable: true }) temperature?: number | null;
  @Field(() => Float, { nullable: true }) frequencyPenalty?: number | null;
}

@ObjectType({ description: "The provider's token counts for one call." })
@ShapeOf(ChatUsageSchema)
export class ChatUsage {
  @Field(() => Int) promptTokens!: number;
  @Field(() => Int) completionTokens!: number;
}

@ObjectType()
@ShapeOf(ChatResponse)
export class ChatReply {
  @Field(() => String, { description: "'' when the model answered nothing ('No response from AI.')." })
  content!: string;
  @Field(() => String) model!: string;
  @Field(() => ChatUsage, {
    nullable: true,
    description: 'Null when the provider reported none (the offline provider, some compatible servers).',
  })
  usage!: ChatUsage | null;
  @Field(() => ChatReplyIssue, {
    nullable: true,
    description: 'Set when the reply was altered before use; null when it was not.',
  })
  replyIssue!: ChatResponse['replyIssue'] | null;
  @Field(() => Boolean) offline!: boolean;
}

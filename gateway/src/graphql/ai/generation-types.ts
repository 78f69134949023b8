import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { type JobTicket as JobTicketView } from '@promptloom/proto';
import { ChatRole, JobTicketStatus, ListFamily } from '../enums';
import { ReasonUsed } from '../reasons/reason-used-type';

@InputType({ description: 'The Run of an agent panel.' })
export class RunAgentInput {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int, { nullable: true }) levels?: number;
  @Field(() => String) aiModel!: string;
  @Field(() => Int) frequency!: number;
  @Field(() => String, { nullable: true }) agentRole?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => [String], { nullable: true, description: 'Types only: the seeds kept before new types.' })
  seeds?: string[];
  @Field(() => String, { nullable: true, description: 'Idempotency key: the same id runs once.' })
  jobId?: string;
}

@ObjectType({
  description: 'A queued generation; its result arrives by `listUpdated` or `generationFailed`.',
})
export class JobTicket {
  @Field(() => String, { nullable: true }) jobId!: string | null;
  @Field(() => JobTicketStatus) status!: JobTicketView['status'];
  @Field(() => String, { nullable: true }) nextDate!: string | null;
  @Field(() => [ReasonUsed], {
    description: "Your reasons the run's prompt carries as guidance, newest first (issue 19).",
  })
  reasonsUsed!: ReasonUsed[];

  static from(ticket: JobTicketView): JobTicket {
    return Object.assign(new JobTicket(), {
      jobId: ticket.job_id,
      status: ticket.status,
      nextDate: ticket.next_date,
      reasonsUsed: ReasonUsed.list(ticket.reasons_used),
    });
  }
}

@ObjectType({
  description:
    "A job that ended without items: 'Error occurred while processing.' or 'No response from AI.'.",
})
export class GenerationFailure {
  @Field(() => String) jobId!: string;
  @Field(() => String, { description: "tl, tr, bl, br, or 'bltypes' for sub-elements." }) family!: string;
  @Field(() => Int, { nullable: true }) elementId!: number | null;
  @Field(() => String) message!: string;
  @Field(() => Float) sequence!: number;
}

@ObjectType()
export class AiModelOption {
  @Field(() => String) id!: string;
  @Field(() => String) label!: string;
  @Field(() => Boolean, { description: 'Answered by the offline word-list provider (no key configured).' })
  offline!: boolean;
}

@ObjectType()
export class AiModels {
  @Field(() => Boolean) offline!: boolean;
  @Field(() => [AiModelOption]) models!: AiModelOption[];
  @Field(() => String) subElementModel!: string;
  @Field(() => String) refineModel!: string;
  @Field(() => String) signatureSwapModel!: string;
}

@InputType()
export class ChatMessageInput {
  @Field(() => ChatRole) role!: keyof typeof ChatRole;
  @Field(() => String) content!: string;
}

@InputType()
export class ChatInput {
  @Field(() => String) model!: string;
  @Field(() => [ChatMessageInput]) messages!: ChatMessageInput[];
  @Field(() => Int, { nullable: true }) maxTokens?: number;
  @Field(() => Float, { nullable: true }) temperature?: number;
  @Field(() => Float, { nullable: true }) frequencyPenalty?: number;
}

@ObjectType()
export class ChatReply {
  @Field(() => String, { description: "'' when the model answered nothing ('No response from AI.')." })
  content!: string;
  @Field(() => String) model!: string;
  @Field(() => Boolean) offline!: boolean;
}

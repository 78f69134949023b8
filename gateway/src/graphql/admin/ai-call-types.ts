import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  AiCallCsv as AiCallCsvSchema,
  AiCallDetail as AiCallDetailSchema,
  AiCallPage as AiCallPageSchema,
  AiCallSummary,
  AiUsage as AiUsageSchema,
  AiUsageDay as AiUsageDaySchema,
  aiCallOperations,
  type AiCallDetail as AiCallDetailView,
  type AiUsage as AiUsageView,
  type AiUsageDay as AiUsageDayView,
} from '@promptloom/proto';
import { AiCallOutcome, AiPurpose } from '../enums';
import { ReasonUsed } from '../reasons/reason-used-type';
import { ShapeOf, fromView } from '../shapes/shape-of';
import { pageType } from './page-type';

@ObjectType({ description: 'One recorded AI provider call (admins only).' })
@ShapeOf(AiCallSummary)
export class AiCall {
  @Field(() => Int) id!: number;
  @Field(() => Int, { nullable: true }) userId!: number | null;
  @Field(() => String, { nullable: true }) userName!: string | null;
  @Field(() => AiPurpose) purpose!: AiCallSummary['purpose'];
  @Field(() => String, { description: 'The model that answered (or was asked, when none did).' })
  model!: string;
  @Field(() => String, { nullable: true, description: 'The generation job whose items the reply became.' })
  jobId!: string | null;
  @Field(() => Int, { nullable: true }) promptTokens!: number | null;
  @Field(() => Int, { nullable: true }) completionTokens!: number | null;
  @Field(() => Float, { nullable: true, description: 'Estimated from AI_PRICES, US dollars.' })
  costUsd!: number | null;
  @Field(() => Int) latencyMs!: number;
  @Field(() => AiCallOutcome) outcome!: AiCallSummary['outcome'];
  @Field(() => String, { nullable: true }) failure!: string | null;
  @Field(() => String, { description: 'ISO 8601.' }) createdAt!: string;

  static from(call: AiCallSummary): AiCall {
    return fromView(AiCall, call);
  }
}

@ObjectType()
@ShapeOf(AiCallDetailSchema.shape.messages.element)
export class AiCallMessage {
  @Field(() => String) role!: string;
  @Field(() => String) content!: string;
}

@ObjectType({ description: 'One recorded call with the messages sent and the reply (each cut at 64 KB).' })
@ShapeOf(AiCallDetailSchema)
export class AiCallDetail extends AiCall {
  @Field(() => [AiCallMessage]) messages!: AiCallMessage[];
  @Field(() => String, { nullable: true }) reply!: string | null;
  @Field(() => Boolean, { description: 'True when a message or the reply was cut at 64 KB.' }) cut!: boolean;
  @Field(() => [ReasonUsed], { description: "The user's reasons the prompt carried as guidance (issue 19)." })
  reasons!: ReasonUsed[];

  static fromDetail(call: AiCallDetailView): AiCallDetail {
    return fromView(AiCallDetail, call, { reasons: ReasonUsed.list(call.reasons) });
  }
}

export const AiCallPage = pageType(AiCall, 'AiCallPage', AiCallPageSchema);

@InputType({ description: 'The AI Calls filters; each is optional.' })
// The export's request; the page's is it and the page fields.
@ShapeOf(aiCallOperations.export.request)
export class AiCallFilterInput {
  @Field(() => Int, { nullable: true }) userId?: number | null;
  @Field(() => AiPurpose, { nullable: true }) purpose?: AiCallSummary['purpose'] | null;
  @Field(() => String, { nullable: true, description: 'Part of the model name.' }) model?: string | null;
  @Field(() => AiCallOutcome, { nullable: true }) outcome?: AiCallSummary['outcome'] | null;
  @Field(() => String, { nullable: true }) jobId?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Only calls steered by the user's reasons." })
  withReasons?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Text in the messages, reply or failure.' })
  q?: string | null;
  @Field(() => String, { nullable: true, description: 'First UTC day, YYYY-MM-DD.' }) from?: string | null;
  @Field(() => String, { nullable: true, description: 'Last UTC day, YYYY-MM-DD.' }) to?: string | null;
}

/** The filters as the operations read them (snake_case, absent when not given). */
export function filtersOf(input: AiCallFilterInput | null | undefined) {
  return {
    user_id: input?.userId ?? undefined,
    purpose: input?.purpose ?? undefined,
    model: input?.model ?? undefined,
    outcome: input?.outcome ?? undefined,
    job_id: input?.jobId ?? undefined,
    with_reasons: input?.withReasons ?? undefined,
    q: input?.q ?? undefined,
    from: input?.from ?? undefined,
    to: input?.to ?? undefined,
  };
}

@ObjectType({ description: 'The AI Calls as CSV, with the same filters (newest first, at most 5,000 rows).' })
@ShapeOf(AiCallCsvSchema)
export class AiCallCsv {
  @Field(() => String) csv!: string;
  @Field(() => Int) rows!: number;
  @Field(() => Boolean, { description: 'True when more calls matched than the export holds.' })
  truncated!: boolean;
}

@ObjectType({ description: 'Calls, tokens and estimated cost of one UTC day.' })
@ShapeOf(AiUsageDaySchema)
export class AiUsageDay {
  @Field(() => String, { description: 'YYYY-MM-DD; empty for a total.' }) day!: string;
  @Field(() => Int) calls!: number;
  @Field(() => Int, { description: 'Calls that failed (a cancelled call is not one).' }) failed!: number;
  @Field(() => Int, { description: 'Calls their user cancelled.' }) cancelled!: number;
  @Field(() => Int) promptTokens!: number;
  @Field(() => Int) completionTokens!: number;
  @Field(() => Float) costUsd!: number;

  static from(day: Omit<AiUsageDayView, 'day'> & { day?: string }): AiUsageDay {
    // The total has no day of its own: it reads ''.
    return fromView(AiUsageDay, day, { day: day.day ?? '' });
  }
}

@ObjectType({ description: 'AI usage per UTC day, oldest first, of every user or of one.' })
@ShapeOf(AiUsageSchema)
export class AiUsage {
  @Field(() => Int, { nullable: true }) userId!: number | null;
  @Field(() => [AiUsageDay]) days!: AiUsageDay[];
  @Field(() => AiUsageDay) today!: AiUsageDay;
  @Field(() => AiUsageDay) total!: AiUsageDay;

  static from(usage: AiUsageView): AiUsage {
    return fromView(AiUsage, usage, {
      days: usage.days.map((day) => AiUsageDay.from(day)),
      today: AiUsageDay.from(usage.today),
      total: AiUsageDay.from(usage.total),
    });
  }
}

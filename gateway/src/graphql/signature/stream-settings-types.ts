import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  CheckPromptResponse,
  ItemMarkEntry,
  PromptParameterInput as PromptParameterSchema,
  PromptProblemOutput,
  StreamSettings as StreamSettingsSchema,
  TokenCountOutput,
  signatureEvents,
  streamOperations,
  type StreamSettings as StreamSettingsData,
} from '@promptloom/proto';
import { type z } from 'zod';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'An item or sub-element of the selection with its weight and "avoid".' })
@ShapeOf(ItemMarkEntry)
export class ItemMark {
  @Field(() => String, { description: 'The name as the selection shows it; compared ignoring case.' })
  name!: string;
  @Field(() => Int, { description: 'From -2 to 2; 0 is the plain item.' }) weight!: number;
  @Field(() => Boolean, { description: 'Left out of the prompt and named as something to avoid.' })
  avoid!: boolean;

  static from(mark: ItemMarkEntry): ItemMark {
    return fromView(ItemMark, mark);
  }
}

@ObjectType({ description: "A Midjourney parameter you keep (issue #19): written after the target's own." })
@ShapeOf(PromptParameterSchema)
export class PromptParameter {
  @Field(() => String, { description: "'--ar', '--stylize' …" }) flag!: string;
  @Field(() => String, { description: "'3:2', '250'; '' for a switch such as --tile." }) value!: string;
}

@ObjectType({
  description: "The signed-in user's Stream page settings: the prompt target and the item marks.",
})
// The signed-in user's own (no userId). A target id ('midjourney-6') is no GraphQL name: the target is a String.
@ShapeOf(StreamSettingsSchema, { omits: ['userId'], retypes: { target: 'String' } })
export class StreamSettings {
  @Field(() => String, { description: "One of PROMPT_TARGETS, e.g. 'midjourney-6' (the default)." })
  target!: string;
  @Field(() => [ItemMark]) marks!: ItemMark[];
  @Field(() => [PromptParameter]) parameters!: PromptParameter[];
  @Field(() => Int, { description: 'How many changes the settings have had.' }) version!: number;
  @Field(() => String, { nullable: true, description: 'Null until the first change.' })
  updatedAt!: string | null;

  static from(data: StreamSettingsData): StreamSettings {
    return fromView(StreamSettings, data, {
      marks: data.marks.map((mark) => ItemMark.from(mark)),
      parameters: data.parameters.map((parameter) => fromView(PromptParameter, parameter)),
    });
  }
}

@ObjectType({ description: 'The Stream settings after a change on any device.' })
// The event, less its `userId` (the subscriber's own), and the `sequence` to resume from.
@ShapeOf(signatureEvents.streamSettingsChanged.payload, { omits: ['userId'], adds: ['sequence'] })
export class StreamSettingsChange {
  @Field(() => StreamSettings) settings!: StreamSettings;
  @Field(() => Float, { description: 'The event stream sequence: pass it as afterSequence to catch up.' })
  sequence!: number;
}

@InputType()
// `avoid` is false when not given, the GraphQL default, where the request requires it.
@ShapeOf(ItemMarkEntry, { nullability: ['avoid'] })
export class ItemMarkInput {
  @Field(() => String) name!: string;
  @Field(() => Int, { description: 'From -2 to 2.' }) weight!: number;
  @Field(() => Boolean, { defaultValue: false }) avoid!: boolean;
}

@InputType()
// `value` is '' when not given, the GraphQL default, where the request requires it.
@ShapeOf(PromptParameterSchema, { nullability: ['value'] })
export class PromptParameterInput {
  @Field(() => String) flag!: string;
  @Field(() => String, { defaultValue: '' }) value!: string;
}

@InputType({
  description:
    'A change: the target if given; each mark replaces the one of its name (0, not avoided: none); the ' +
    'parameters if given replace the kept ones.',
})
// `userId` is the caller's; `target` is plain text: no GraphQL enum was made for the targets (the request also reads
// earlier targets' ids).
@ShapeOf(streamOperations.updateSettings.request, { omits: ['userId'], retypes: { target: 'String' } })
export class StreamSettingsInput {
  @Field(() => String, { nullable: true }) target?: string | null;
  @Field(() => [ItemMarkInput], { nullable: true }) marks?: ItemMarkInput[] | null;
  @Field(() => [PromptParameterInput], { nullable: true }) parameters?: PromptParameterInput[] | null;
}

type CheckData = z.output<typeof CheckPromptResponse>;

@ObjectType()
@ShapeOf(PromptProblemOutput.shape.fix.unwrap())
export class PromptFix {
  @Field(() => String, { description: "The button's words, e.g. 'Set --stylize to 1000'." }) label!: string;
  @Field(() => String, { description: 'What replaces the text from start to end.' }) replacement!: string;
}

@ObjectType({ description: 'One problem the checker found, with where it is and, when it can, a fix.' })
// `field` ('prompt' or 'negativePrompt') is plain text: no GraphQL enum was made for it.
@ShapeOf(PromptProblemOutput, { retypes: { field: 'String' } })
export class PromptProblem {
  @Field(() => String, { description: "'prompt' or 'negativePrompt'." }) field!: string;
  @Field(() => Int, { description: 'The first character of the problem (UTF-16 index).' }) start!: number;
  @Field(() => Int, { description: 'Just past its last character.' }) end!: number;
  @Field(() => String) message!: string;
  @Field(() => PromptFix, { nullable: true }) fix!: PromptFix | null;
}

@ObjectType({
  description: 'Tokens of the window a text encoder reads: CLIP (SD, Flux pooled) or T5 (Flux).',
})
// `encoder` ('CLIP' or 'T5') is plain text: no GraphQL enum was made for it.
@ShapeOf(TokenCountOutput, { retypes: { encoder: 'String' } })
export class TokenCount {
  @Field(() => String, { description: "'CLIP' or 'T5'." }) encoder!: string;
  @Field(() => Int, { description: "Tokens of the text, without the encoder's markers." })
  count!: number;
  @Field(() => Int, {
    description: 'How many of them the encoder reads: the window less its markers (CLIP 75, T5 511 or 255).',
  })
  limit!: number;
  @Field(() => Int, { description: 'The whole window, markers included: CLIP 77, T5 512 or 256.' })
  window!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'The character where the unread part begins; null when all fits.',
  })
  cutAt!: number | null;
  @Field(() => Boolean, { description: 'True for T5: counted without its vocabulary, an estimate.' })
  estimated!: boolean;
}

@ObjectType()
@ShapeOf(CheckPromptResponse)
export class PromptCheck {
  @Field(() => [PromptProblem]) problems!: PromptProblem[];
  @Field(() => TokenCount, { nullable: true, description: 'SD (CLIP) and Flux (T5) only.' })
  tokens!: TokenCount | null;
  @Field(() => TokenCount, { nullable: true, description: 'SD only.' }) negativeTokens!: TokenCount | null;
  @Field(() => TokenCount, { nullable: true, description: "Flux only: CLIP's count, for the pooled text." })
  pooledTokens!: TokenCount | null;

  static from(data: CheckData): PromptCheck {
    const tokens = (count: CheckData['tokens']) => (count ? fromView(TokenCount, count) : null);
    return fromView(PromptCheck, data, {
      problems: data.problems.map((problem) =>
        fromView(PromptProblem, problem, { fix: problem.fix ? fromView(PromptFix, problem.fix) : null }),
      ),
      tokens: tokens(data.tokens),
      negativeTokens: tokens(data.negativeTokens),
      pooledTokens: tokens(data.pooledTokens),
    });
  }
}

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import {
  EnhanceTogglesInput as TogglesSchema,
  RefinePromptResponse,
  StreamRecord as StreamRecordSchema,
  StreamSelectionInput as SelectionSchema,
  streamOperations,
  type StreamRecord as StreamRecordData,
} from '@promptloom/proto';
import { ReasonUsed } from '../reasons/reason-used-type';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType('StreamRecord', {
  description: 'A Stream page upload; `imageUrl` is readable by its owner and admins.',
})
// SPEC §3's upload fields Hyper_realistic, 8k and 4k ('1' or '0') are booleans here, and finalprompt is
// finalPrompt: names GraphQL can have (not 8k) and that read as the rest of the API.
@ShapeOf(StreamRecordSchema, {
  omits: ['HyperRealistic', '8k', '4k', 'finalprompt'],
  adds: ['hyperRealistic', 'eightK', 'fourK', 'finalPrompt'],
})
export class StreamRecordObject {
  @Field(() => Int) id!: number;
  @Field(() => Int) userId!: number;
  @Field(() => String) signature!: string;
  @Field(() => String) signatureElements!: string;
  @Field(() => Boolean) hyperRealistic!: boolean;
  @Field(() => Boolean) eightK!: boolean;
  @Field(() => Boolean) fourK!: boolean;
  @Field(() => String) finalPrompt!: string;
  @Field(() => String, { description: 'GET it with the bearer token: /api/images/…' }) imageUrl!: string;
  @Field(() => String) thumbnailUrl!: string;
  @Field(() => Int) width!: number;
  @Field(() => Int) height!: number;
  @Field(() => String) createdAt!: string;

  static from(data: StreamRecordData): StreamRecordObject {
    return fromView(StreamRecordObject, data, {
      hyperRealistic: data.Hyper_realistic === '1',
      eightK: data['8k'] === '1',
      fourK: data['4k'] === '1',
      finalPrompt: data.finalprompt,
    });
  }
}

@ObjectType({
  description: "An empty AI reply leaves the prompt as it was, with the message 'No response from AI'.",
})
@ShapeOf(RefinePromptResponse)
export class RefineResult {
  @Field(() => Boolean) refined!: boolean;
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => Boolean, {
    description: 'True when no AI key is set: the prompt was only tidied, not rewritten.',
  })
  offline!: boolean;
  @Field(() => [ReasonUsed], { description: 'Your reasons the AI was given as guidance (issue 19).' })
  reasonsUsed!: ReasonUsed[];
}

@InputType()
@ShapeOf(SelectionSchema.shape.elements.unwrap().element)
export class StreamElementInput {
  @Field(() => String) name!: string;
  @Field(() => [String], { defaultValue: [] }) subElements!: string[];
}

@InputType({ description: 'The active selection, as the client holds it.' })
@ShapeOf(SelectionSchema)
export class StreamSelectionInput {
  @Field(() => [String], { defaultValue: [] }) types!: string[];
  @Field(() => [String], { defaultValue: [] }) proItems!: string[];
  @Field(() => [StreamElementInput], { defaultValue: [] }) elements!: StreamElementInput[];
  @Field(() => [String], { defaultValue: [] }) signature!: string[];
}

@InputType({ description: 'The enhance toggles: Hyper-realistic, 8k, 4k.' })
@ShapeOf(TogglesSchema)
export class EnhanceTogglesInput {
  @Field(() => Boolean, { defaultValue: false }) hyperRealistic!: boolean;
  @Field(() => Boolean, { defaultValue: false }) eightK!: boolean;
  @Field(() => Boolean, { defaultValue: false }) fourK!: boolean;
}

@InputType({ description: 'The upload form; the image itself is sent first to POST /api/uploads/images.' })
// `userId` and `user_id` are the caller's, and `upload` is where the gateway left the image named by `uploadId`.
// SPEC §3's form fields Hyper_realistic, 8k and 4k ('1' or '0') are booleans here, and finalprompt is finalPrompt,
// as StreamRecord presents them.
@ShapeOf(streamOperations.store.request, {
  omits: ['userId', 'HyperRealistic', '8k', '4k', 'finalprompt', 'upload'],
  adds: ['uploadId', 'hyperRealistic', 'eightK', 'fourK', 'finalPrompt'],
})
export class StreamInput {
  @Field(() => String, { description: 'The upload_id answered by POST /api/uploads/images.' })
  uploadId!: string;
  @Field(() => String) signature!: string;
  @Field(() => String) signatureElements!: string;
  @Field(() => Boolean, { defaultValue: false }) hyperRealistic!: boolean;
  @Field(() => Boolean, { defaultValue: false }) eightK!: boolean;
  @Field(() => Boolean, { defaultValue: false }) fourK!: boolean;
  @Field(() => String) finalPrompt!: string;
}

import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import {
  EnhanceTogglesInput as TogglesSchema,
  PromptSnapshot as PromptSnapshotSchema,
  PromptVersion as PromptVersionSchema,
  PromptVersionPage as PromptVersionPageSchema,
  PromptVersionWithPrevious as PromptVersionWithPreviousSchema,
  SavePromptVersionResponse,
  StreamSelectionInput as SelectionSchema,
  promptHistoryOperations,
  signatureEvents,
  type PromptSnapshot as SnapshotData,
  type PromptVersion as VersionData,
} from '@promptloom/proto';
import { PromptVersionOrigin } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';
import { PromptParameter, PromptParameterInput } from './stream-settings-types';
import { EnhanceTogglesInput, StreamSelectionInput } from './stream-types';

@ObjectType()
@ShapeOf(SelectionSchema.shape.elements.unwrap().element)
export class SnapshotElement {
  @Field(() => String) name!: string;
  @Field(() => [String]) subElements!: string[];
}

@ObjectType({ description: 'The active selection as names, when the version was saved.' })
@ShapeOf(SelectionSchema)
export class SnapshotSelection {
  @Field(() => [String]) types!: string[];
  @Field(() => [String]) proItems!: string[];
  @Field(() => [SnapshotElement]) elements!: SnapshotElement[];
  @Field(() => [String]) signature!: string[];
}

@ObjectType()
@ShapeOf(TogglesSchema)
export class SnapshotToggles {
  @Field(() => Boolean) hyperRealistic!: boolean;
  @Field(() => Boolean) eightK!: boolean;
  @Field(() => Boolean) fourK!: boolean;
}

@ObjectType({
  description: 'What the Stream page showed when the version was saved; restoring brings it back.',
})
// A target id ('midjourney-6') is no GraphQL name, so no enum value: the target is a String. The signature type's
// schema ends in a transform, whose output (a string or null) its JSON Schema cannot tell.
@ShapeOf(PromptSnapshotSchema, { retypes: { target: 'String', signatureType: 'String' } })
export class PromptSnapshot {
  @Field(() => SnapshotSelection) selection!: SnapshotSelection;
  @Field(() => SnapshotToggles) toggles!: SnapshotToggles;
  @Field(() => String, { description: 'One of PROMPT_TARGETS.' }) target!: string;
  @Field(() => [PromptParameter], {
    nullable: true,
    description: 'The Midjourney parameters you kept; null in a version saved before they were recorded.',
  })
  parameters!: PromptParameter[] | null;
  @Field(() => String, { nullable: true, description: "The saved signature's BR code type." })
  signatureType!: string | null;
  @Field(() => [String], { nullable: true, description: 'The elements the saved signature was built from.' })
  signatureElements!: string[] | null;

  static from(data: SnapshotData): PromptSnapshot {
    return fromView(PromptSnapshot, data, {
      selection: fromView(SnapshotSelection, data.selection, {
        elements: data.selection.elements.map((element) => fromView(SnapshotElement, element)),
      }),
      toggles: fromView(SnapshotToggles, data.toggles),
      // A version saved before these were recorded has none of them.
      parameters: data.parameters?.map((parameter) => fromView(PromptParameter, parameter)) ?? null,
      signatureType: data.signatureType ?? null,
      signatureElements: data.signatureElements ?? null,
    });
  }
}

@ObjectType({ description: 'One saved prompt of the Stream page (issue #19).' })
// Only its owner reads a version: the owner's userId is not told.
@ShapeOf(PromptVersionSchema, { omits: ['userId'] })
export class PromptVersion {
  @Field(() => Int) id!: number;
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) negativePrompt!: string | null;
  @Field(() => PromptVersionOrigin) origin!: VersionData['origin'];
  @Field(() => PromptSnapshot) snapshot!: PromptSnapshot;
  @Field(() => String) createdAt!: string;

  static from(data: VersionData): PromptVersion {
    return fromView(PromptVersion, data, { snapshot: PromptSnapshot.from(data.snapshot) });
  }
}

@ObjectType({ description: 'A page of your prompt versions, newest first.' })
@ShapeOf(PromptVersionPageSchema)
export class PromptVersionPage {
  @Field(() => [PromptVersion]) items!: PromptVersion[];
  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

@ObjectType()
@ShapeOf(SavePromptVersionResponse)
export class SavedPromptVersion {
  @Field(() => Boolean, {
    description: 'False when your newest version had the same prompt and origin: that one is answered.',
  })
  saved!: boolean;
  @Field(() => PromptVersion) version!: PromptVersion;
}

@ObjectType()
@ShapeOf(PromptVersionWithPreviousSchema)
export class PromptVersionWithPrevious {
  @Field(() => PromptVersion) version!: PromptVersion;
  @Field(() => PromptVersion, { nullable: true, description: 'The version saved just before it.' })
  previous!: PromptVersion | null;
}

@ObjectType({ description: 'A version saved on any of your devices.' })
// The event, less its `userId` (the subscriber's own), and the `sequence` to resume from.
@ShapeOf(signatureEvents.promptVersionSaved.payload, { omits: ['userId'], adds: ['sequence'] })
export class PromptVersionSaved {
  @Field(() => PromptVersion) version!: PromptVersion;
  @Field(() => Float, { description: 'The event stream sequence.' }) sequence!: number;
}

@InputType()
// `target` is plain text: no GraphQL enum was made for the targets (the request also reads earlier targets' ids).
@ShapeOf(PromptSnapshotSchema, { retypes: { target: 'String' } })
export class PromptSnapshotInput {
  @Field(() => StreamSelectionInput) selection!: StreamSelectionInput;
  @Field(() => EnhanceTogglesInput) toggles!: EnhanceTogglesInput;
  @Field(() => String) target!: string;
  @Field(() => [PromptParameterInput], { nullable: true }) parameters?: PromptParameterInput[] | null;
  @Field(() => String, { nullable: true }) signatureType?: string | null;
  @Field(() => [String], { nullable: true }) signatureElements?: string[] | null;
}

@InputType({ description: 'A prompt to save in your history, with what the page showed.' })
// `userId` is the caller's.
@ShapeOf(promptHistoryOperations.save.request, { omits: ['userId'] })
export class PromptVersionInput {
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) negativePrompt?: string | null;
  @Field(() => PromptVersionOrigin) origin!: VersionData['origin'];
  @Field(() => PromptSnapshotInput) snapshot!: PromptSnapshotInput;
}

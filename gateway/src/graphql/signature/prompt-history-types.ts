import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { type PromptSnapshot as SnapshotData, type PromptVersion as VersionData } from '@promptloom/proto';
import { PromptVersionOrigin } from '../enums';
import { PromptParameter, PromptParameterInput } from './stream-settings-types';
import { EnhanceTogglesInput, StreamSelectionInput } from './stream-types';

@ObjectType()
export class SnapshotElement {
  @Field(() => String) name!: string;
  @Field(() => [String]) subElements!: string[];
}

@ObjectType({ description: 'The active selection as names, when the version was saved.' })
export class SnapshotSelection {
  @Field(() => [String]) types!: string[];
  @Field(() => [String]) proItems!: string[];
  @Field(() => [SnapshotElement]) elements!: SnapshotElement[];
  @Field(() => [String]) signature!: string[];
}

@ObjectType()
export class SnapshotToggles {
  @Field(() => Boolean) hyperRealistic!: boolean;
  @Field(() => Boolean) eightK!: boolean;
  @Field(() => Boolean) fourK!: boolean;
}

@ObjectType({
  description: 'What the Stream page showed when the version was saved; restoring brings it back.',
})
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
    return Object.assign(new PromptSnapshot(), {
      selection: Object.assign(new SnapshotSelection(), {
        ...data.selection,
        elements: data.selection.elements.map((element) => Object.assign(new SnapshotElement(), element)),
      }),
      toggles: Object.assign(new SnapshotToggles(), data.toggles),
      target: data.target,
      parameters:
        data.parameters?.map((parameter) => Object.assign(new PromptParameter(), parameter)) ?? null,
      signatureType: data.signatureType ?? null,
      signatureElements: data.signatureElements ?? null,
    });
  }
}

@ObjectType({ description: 'One saved prompt of the Stream page (issue #19).' })
export class PromptVersion {
  @Field(() => Int) id!: number;
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) negativePrompt!: string | null;
  @Field(() => PromptVersionOrigin) origin!: VersionData['origin'];
  @Field(() => PromptSnapshot) snapshot!: PromptSnapshot;
  @Field(() => String) createdAt!: string;

  static from(data: VersionData): PromptVersion {
    return Object.assign(new PromptVersion(), {
      id: data.id,
      prompt: data.prompt,
      negativePrompt: data.negativePrompt,
      origin: data.origin,
      snapshot: PromptSnapshot.from(data.snapshot),
      createdAt: data.createdAt,
    });
  }
}

@ObjectType({ description: 'A page of your prompt versions, newest first.' })
export class PromptVersionPage {
  @Field(() => [PromptVersion]) items!: PromptVersion[];
  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

@ObjectType()
export class SavedPromptVersion {
  @Field(() => Boolean, {
    description: 'False when your newest version had the same prompt and origin: that one is answered.',
  })
  saved!: boolean;
  @Field(() => PromptVersion) version!: PromptVersion;
}

@ObjectType()
export class PromptVersionWithPrevious {
  @Field(() => PromptVersion) version!: PromptVersion;
  @Field(() => PromptVersion, { nullable: true, description: 'The version saved just before it.' })
  previous!: PromptVersion | null;
}

@ObjectType({ description: 'A version saved on any of your devices.' })
export class PromptVersionSaved {
  @Field(() => PromptVersion) version!: PromptVersion;
  @Field(() => Float, { description: 'The event stream sequence.' }) sequence!: number;
}

@InputType()
export class PromptSnapshotInput {
  @Field(() => StreamSelectionInput) selection!: StreamSelectionInput;
  @Field(() => EnhanceTogglesInput) toggles!: EnhanceTogglesInput;
  @Field(() => String) target!: string;
  @Field(() => [PromptParameterInput], { nullable: true }) parameters?: PromptParameterInput[] | null;
  @Field(() => String, { nullable: true }) signatureType?: string | null;
  @Field(() => [String], { nullable: true }) signatureElements?: string[] | null;
}

@InputType({ description: 'A prompt to save in your history, with what the page showed.' })
export class PromptVersionInput {
  @Field(() => String) prompt!: string;
  @Field(() => String, { nullable: true }) negativePrompt?: string | null;
  @Field(() => PromptVersionOrigin) origin!: VersionData['origin'];
  @Field(() => PromptSnapshotInput) snapshot!: PromptSnapshotInput;
}

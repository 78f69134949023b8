import { Field, Int, ObjectType } from 'type-graphql';
import {
  type PackEntryKind as EntryKind,
  type PackImportReport as ReportData,
  type PackLink,
  type PackSkipReason as SkipReason,
  type SignaturePackFile,
} from '@promptloom/proto';
import { PackEntryKind, PackLinkState, PackSkipReason } from '../enums';

@ObjectType({ description: 'A sub-element in a pack: its name, group (bl_name) and reason.' })
export class PackSubElementView {
  @Field(() => String) name!: string;
  @Field(() => String) group!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType({ description: 'An element in a pack, with its reason and sub-elements.' })
export class PackElementView {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => [PackSubElementView]) subElements!: PackSubElementView[];
}

@ObjectType({ description: "A pack's signature: six names, the type of its code, and the code." })
export class PackSignatureView {
  @Field(() => [String]) names!: string[];
  @Field(() => String, { nullable: true }) type!: string | null;
  @Field(() => String, { nullable: true }) code!: string | null;
}

@ObjectType({ description: 'A signature pack: the file format and version, the signature and its elements.' })
export class SignaturePack {
  @Field(() => String) format!: string;
  @Field(() => Int) version!: number;
  @Field(() => PackSignatureView) signature!: PackSignatureView;
  @Field(() => [PackElementView]) elements!: PackElementView[];

  static from(pack: SignaturePackFile): SignaturePack {
    return Object.assign(new SignaturePack(), {
      format: pack.format,
      version: pack.version,
      signature: { ...pack.signature, code: pack.signature.code ?? null },
      elements: pack.elements,
    });
  }
}

@ObjectType({ description: 'Your saved signature as a pack file: its name and its JSON text.' })
export class SignaturePackExport {
  @Field(() => String) filename!: string;
  @Field(() => String, { description: 'The file: JSON, format promptloom.signature-pack, version 1.' })
  content!: string;
  @Field(() => SignaturePack) pack!: SignaturePack;
}

@ObjectType({ description: 'What a share link holds; nothing of its owner.' })
export class SharedSignaturePack {
  @Field(() => SignaturePack) pack!: SignaturePack;
  @Field(() => String) expiresAt!: string;
}

@ObjectType({ description: 'One entry a pack import added.' })
export class PackImportEntry {
  @Field(() => PackEntryKind) kind!: EntryKind;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true, description: "A sub-element's element." }) element!: string | null;
}

@ObjectType({ description: 'One entry a pack import skipped, and why.' })
export class PackSkippedEntry extends PackImportEntry {
  @Field(() => PackSkipReason) reason!: SkipReason;
  @Field(() => String) message!: string;
}

@ObjectType({ description: 'What an import did. Nothing is overwritten: what you have already is skipped.' })
export class PackImportReport {
  @Field(() => String) message!: string;
  @Field(() => [PackImportEntry]) added!: PackImportEntry[];
  @Field(() => [PackSkippedEntry]) skipped!: PackSkippedEntry[];

  static from(report: ReportData): PackImportReport {
    return Object.assign(new PackImportReport(), report);
  }
}

@ObjectType({ description: 'One of your share links. Its token is shown only when it is made.' })
export class SignaturePackLink {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String) expiresAt!: string;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;
  @Field(() => PackLinkState) state!: PackLink['state'];

  static from(link: PackLink): SignaturePackLink {
    return Object.assign(new SignaturePackLink(), link);
  }
}

@ObjectType({ description: 'A new share link and its token (open it at /packs/<token>).' })
export class CreatedPackLink {
  @Field(() => String) token!: string;
  @Field(() => SignaturePackLink) link!: SignaturePackLink;
}

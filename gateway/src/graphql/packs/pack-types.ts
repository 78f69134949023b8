import { Field, Int, ObjectType } from 'type-graphql';
import {
  CreatePackLinkResponse,
  ExportPackResponse,
  PackElement,
  PackImportEntry as PackImportEntrySchema,
  PackImportReport as PackImportReportSchema,
  PackLink,
  PackSignature,
  PackSkippedEntry as PackSkippedEntrySchema,
  PackSubElement,
  SharedPackResponse,
  SignaturePackFile,
  type PackEntryKind as EntryKind,
  type PackImportReport as ReportData,
  type PackSkipReason as SkipReason,
} from '@promptloom/proto';
import { PackEntryKind, PackLinkState, PackSkipReason } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'A sub-element in a pack: its name, group (bl_name) and reason.' })
// A pack's reasons and its type end in a transform (blank is null), whose output, a string or null, JSON Schema
// cannot tell: each is declared as the String it is.
@ShapeOf(PackSubElement, { retypes: { reason: 'String' } })
export class PackSubElementView {
  @Field(() => String) name!: string;
  @Field(() => String) group!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType({ description: 'An element in a pack, with its reason and sub-elements.' })
@ShapeOf(PackElement, { retypes: { reason: 'String' } })
export class PackElementView {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => [PackSubElementView]) subElements!: PackSubElementView[];
}

@ObjectType({ description: "A pack's signature: six names, the type of its code, and the code." })
@ShapeOf(PackSignature, { retypes: { type: 'String' } })
export class PackSignatureView {
  @Field(() => [String]) names!: string[];
  @Field(() => String, { nullable: true }) type!: string | null;
  @Field(() => String, { nullable: true }) code!: string | null;
}

@ObjectType({ description: 'A signature pack: the file format and version, the signature and its elements.' })
// When it was exported is in the file's text (SignaturePackExport.content); a shared pack is made as it is opened.
@ShapeOf(SignaturePackFile.out, { omits: ['exportedAt'] })
export class SignaturePack {
  @Field(() => String) format!: string;
  @Field(() => Int) version!: number;
  @Field(() => PackSignatureView) signature!: PackSignatureView;
  @Field(() => [PackElementView]) elements!: PackElementView[];

  static from(pack: SignaturePackFile): SignaturePack {
    return fromView(SignaturePack, pack, {
      signature: fromView(PackSignatureView, pack.signature, { code: pack.signature.code ?? null }),
    });
  }
}

@ObjectType({ description: 'Your saved signature as a pack file: its name and its JSON text.' })
// The gateway writes the file's text (`content`) from the pack.
@ShapeOf(ExportPackResponse, { adds: ['content'] })
export class SignaturePackExport {
  @Field(() => String) filename!: string;
  @Field(() => String, { description: 'The file: JSON, format promptloom.signature-pack, version 1.' })
  content!: string;
  @Field(() => SignaturePack) pack!: SignaturePack;
}

@ObjectType({ description: 'What a share link holds; nothing of its owner.' })
@ShapeOf(SharedPackResponse)
export class SharedSignaturePack {
  @Field(() => SignaturePack) pack!: SignaturePack;
  @Field(() => String) expiresAt!: string;
}

@ObjectType({ description: 'One entry a pack import added.' })
@ShapeOf(PackImportEntrySchema)
export class PackImportEntry {
  @Field(() => PackEntryKind) kind!: EntryKind;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true, description: "A sub-element's element." }) element!: string | null;
}

@ObjectType({ description: 'One entry a pack import skipped, and why.' })
@ShapeOf(PackSkippedEntrySchema)
export class PackSkippedEntry extends PackImportEntry {
  @Field(() => PackSkipReason) reason!: SkipReason;
  @Field(() => String) message!: string;
}

@ObjectType({ description: 'What an import did. Nothing is overwritten: what you have already is skipped.' })
@ShapeOf(PackImportReportSchema)
export class PackImportReport {
  @Field(() => String) message!: string;
  @Field(() => [PackImportEntry]) added!: PackImportEntry[];
  @Field(() => [PackSkippedEntry]) skipped!: PackSkippedEntry[];

  static from(report: ReportData): PackImportReport {
    return fromView(PackImportReport, report);
  }
}

@ObjectType({ description: 'One of your share links. Its token is shown only when it is made.' })
@ShapeOf(PackLink)
export class SignaturePackLink {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String) expiresAt!: string;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;
  @Field(() => PackLinkState) state!: PackLink['state'];

  static from(link: PackLink): SignaturePackLink {
    return fromView(SignaturePackLink, link);
  }
}

@ObjectType({ description: 'A new share link and its token (open it at /packs/<token>).' })
@ShapeOf(CreatePackLinkResponse)
export class CreatedPackLink {
  @Field(() => String) token!: string;
  @Field(() => SignaturePackLink) link!: SignaturePackLink;
}

import { z } from 'zod';
import { recordId } from '../fields';
import { PACK_MAX_ELEMENTS, SignaturePackFile } from './pack-file';

/** What an import entry is: the signature's type (a Types item), an element, or a sub-element of one. */
export const PACK_ENTRY_KINDS = ['type', 'element', 'sub_element'] as const;
export type PackEntryKind = (typeof PACK_ENTRY_KINDS)[number];
/** Why an entry was skipped: the importer has it already, or the lists do not accept it. */
export const PACK_SKIP_REASONS = ['already_present', 'invalid'] as const;
export type PackSkipReason = (typeof PACK_SKIP_REASONS)[number];

export const PackImportEntry = z.object({
  kind: z.enum(PACK_ENTRY_KINDS),
  name: z.string(),
  /** The element a sub-element belongs to; null for types and elements. */
  element: z.string().nullable(),
});
export const PackSkippedEntry = PackImportEntry.extend({
  reason: z.enum(PACK_SKIP_REASONS),
  message: z.string(),
});
export type PackImportEntry = z.infer<typeof PackImportEntry>;
export type PackSkippedEntry = z.infer<typeof PackSkippedEntry>;

/** What an import did: everything added, everything skipped and why. Nothing is ever overwritten. */
export const PackImportReport = z.object({
  message: z.string(),
  added: z.array(PackImportEntry),
  skipped: z.array(PackSkippedEntry),
});
export type PackImportReport = z.infer<typeof PackImportReport>;

/** The AI worker: the elements of the given names in the owner's Elements list, with reasons and sub-elements. */
export const PackContentsRequest = z.object({
  user_id: recordId,
  names: z.array(z.string().max(100)).max(PACK_MAX_ELEMENTS),
});
export const PackContentsResponse = z.object({ elements: SignaturePackFile.out.shape.elements });

/** The AI worker: merges a pack into the user's own lists, in one transaction. */
export const ImportPackRequest = z.object({ user_id: recordId, pack: SignaturePackFile });

export const ExportPackRequest = z.object({ userId: recordId });
export const ExportPackResponse = z.object({ filename: z.string(), pack: SignaturePackFile });

export const PACK_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const PACK_LINK_LIFETIMES_DAYS = [1, 7, 30] as const;
export const DEFAULT_PACK_LINK_DAYS = 7;
export const PackLinkLifetime = z
  .union(
    PACK_LINK_LIFETIMES_DAYS.map((days) => z.literal(days)),
    { error: `The expiry must be one of ${PACK_LINK_LIFETIMES_DAYS.join(', ')} days.` },
  )
  .default(DEFAULT_PACK_LINK_DAYS);

/** A share link as its owner sees it; the token itself is shown once, when it is made, and never stored. */
export const PackLink = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  state: z.enum(PACK_LINK_STATES),
});
export type PackLink = z.infer<typeof PackLink>;

export const CreatePackLinkRequest = z.object({ userId: recordId, expiresInDays: PackLinkLifetime });
export const CreatePackLinkResponse = z.object({ token: z.string(), link: PackLink });
export const PackLinksRequest = z.object({ userId: recordId });
export const PackLinksResponse = z.object({ data: z.array(PackLink) });
export const RevokePackLinkRequest = z.object({ userId: recordId, id: recordId });
export const RevokePackLinkResponse = z.object({ message: z.string(), link: PackLink });

/**
 * A link's token as given: any text. A token of the wrong shape is not refused as invalid, it is simply not found,
 * with the same answer as a well-formed unknown one.
 */
export const PackToken = z.string({ error: 'The token field is required.' }).max(1000, {
  error: 'This pack link was not found.',
});
export const SharedPackRequest = z.object({ token: PackToken });
/** What opening a link shows: the pack and when the link ends, nothing of its owner. */
export const SharedPackResponse = z.object({ pack: SignaturePackFile, expiresAt: z.string() });

/** The words the signature packs show. */
export const PACK_LINK_NOT_FOUND = 'This pack link was not found.';
export const PACK_LINK_EXPIRED = 'This pack link has expired. Ask its owner for a new one.';
export const PACK_LINK_REVOKED = 'This pack link was revoked by its owner.';
export const PACK_NO_SIGNATURE = 'Save a signature first: a pack is made from your saved signature.';
export const PACK_NOT_JSON = 'The file is not valid JSON.';
export const PACK_LINK_CREATED = 'Share link created.';
export const PACK_LINK_REVOKED_MESSAGE = 'Share link revoked.';
export const packTooLarge = (maxBytes: number) =>
  `The pack file must not be greater than ${Math.floor(maxBytes / 1024)} KB.`;
export const packImported = (added: number, skipped: number) =>
  `Pack imported: ${added} added, ${skipped} skipped.`;
export const tooManyPackLinks = (max: number) =>
  `You have ${max} active share links: revoke one before making another.`;

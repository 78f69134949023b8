import { z } from 'zod';

/** SPEC §5, §9: a signature holds exactly 6 names. */
export const SIGNATURE_SIZE = 6;
export const SIGNATURE_SIZE_MESSAGE = 'A signature holds exactly 6 names.';
export const SIGNATURE_BLANK_NAME_MESSAGE = 'A signature name cannot be empty.';

/** SPEC §5, §9: codes use 3-letter abbreviations. */
export const ABBREVIATION_LENGTH = 3;

/** The signature names as an input schema: exactly 6 non-empty names, trimmed. Duplicates are allowed (the spec is silent). */
export const SignatureNames = z
  .array(z.string().trim().min(1, { error: SIGNATURE_BLANK_NAME_MESSAGE }))
  .length(SIGNATURE_SIZE, { error: SIGNATURE_SIZE_MESSAGE });
export type SignatureNames = z.infer<typeof SignatureNames>;

/** The message to show when `names` is not a valid signature, or null when it is. */
export function validateSignature(names: readonly string[]): string | null {
  if (names.length !== SIGNATURE_SIZE) return SIGNATURE_SIZE_MESSAGE;
  return names.some((name) => name.trim().length === 0) ? SIGNATURE_BLANK_NAME_MESSAGE : null;
}

/**
 * The first 3 letters of a name. Non-letters are skipped, so 'Sci-Fi' gives 'Sci' and '3D Art' gives 'DAr';
 * a shorter name gives what it has ('Art' → 'Art', 'Go' → 'Go').
 */
export function abbreviate(name: string): string {
  const letters = name.normalize('NFC').match(/\p{L}\p{M}*/gu) ?? [];
  return letters.slice(0, ABBREVIATION_LENGTH).join('');
}

/** The signature code of a list of names: their abbreviations joined with hyphens ('Lig-Sha-Tex'). */
export function signatureCode(names: readonly string[]): string {
  return names
    .map(abbreviate)
    .filter((abbreviation) => abbreviation.length > 0)
    .join('-');
}

import { brCodeOf } from './br-codes';
import { signatureCode } from './signature';

/**
 * What makes a signature the one: its code and its six elements, in order. Two BR codes of different types can
 * hold the same six elements ('CRPHO-Lig-…' and 'CRART-Lig-…'); only the one saved is the active signature.
 */
export interface SignatureIdentity {
  code: string;
  elements: readonly string[];
}

/** A saved signature as the server answers it (SPEC §3): its names, the type of its BR code, its status. */
export interface SavedSignatureView {
  code: string;
  signature: readonly string[];
  status: string;
}

/** SPEC §3: a saved signature has status '1'; an admin may set '0' (Deactive), and then none is active. */
export const ACTIVE_SIGNATURE_STATUS = '1';

/**
 * The code a saved signature is known by: the BR code it was saved from ('CRPHO-Lig-Sha-…') when its type is
 * known, else the names' own code ('Lig-Sha-…', a signature stored without a type).
 */
export function savedSignatureCode(names: readonly string[], type: string | null | undefined): string {
  return type?.trim() ? brCodeOf(type, names) : signatureCode(names);
}

/** The active signature of a saved one: null when none is saved or it is Deactive. */
export function activeSignatureOf(saved: SavedSignatureView | null | undefined): SignatureIdentity | null {
  if (!saved || saved.status !== ACTIVE_SIGNATURE_STATUS) return null;
  return { code: saved.code, elements: [...saved.signature] };
}

/** True only when the candidate is exactly the active signature: the same code and the same elements in order. */
export function isActiveSignature(
  active: SignatureIdentity | null | undefined,
  candidate: SignatureIdentity | null | undefined,
): boolean {
  if (!active || !candidate || active.code !== candidate.code) return false;
  return (
    active.elements.length === candidate.elements.length &&
    active.elements.every((element, index) => element === candidate.elements[index])
  );
}

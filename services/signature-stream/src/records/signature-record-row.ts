import { savedSignatureCode, type Signature, type SignatureRecord } from '@promptloom/proto';

/** A saved signature row as the admin queries select it. */
export interface SignatureRow {
  id: number;
  user_id: number;
  username: string;
  names: string[];
  elements: string[];
  type: string | null;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export const SIGNATURE_COLUMNS = `"id", "user_id", "username", "names", "elements", "type", "status", "created_at", "updated_at"`;

export function toSignatureRecord(row: SignatureRow): SignatureRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    signatureElements: row.elements,
    signature: row.names,
    status: row.status === '0' ? 0 : 1,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The owner's view of the same row, for evt.signature.signature.changed. */
export function toSignature(row: SignatureRow): Signature {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    signature: row.names,
    signatureElements: row.elements,
    type: row.type,
    code: savedSignatureCode(row.names, row.type),
    status: row.status === '0' ? '0' : '1',
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

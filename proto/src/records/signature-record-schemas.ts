import { z } from 'zod';
import { recordId, requiredText } from '../fields';
import { pageOf } from '../paging';
import { SignatureElementList, SignatureNameList } from '../signature/signature-schemas';
import { recordListRequest, recordStatusField } from './list-query';

/** SPEC §3 "BR record (admin)": a saved signature as the admin BR table shows it. */
export const SignatureRecord = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  username: z.string(),
  signatureElements: z.array(z.string()),
  signature: z.array(z.string()),
  status: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type SignatureRecord = z.infer<typeof SignatureRecord>;

export const SIGNATURE_RECORD_SORTS = [
  'id',
  'username',
  'signature',
  'signatureElements',
  'status',
  'created_at',
] as const;

export const SignatureRecordListRequest = recordListRequest(SIGNATURE_RECORD_SORTS);
export type SignatureRecordListRequest = z.infer<typeof SignatureRecordListRequest>;
export const SignatureRecordPage = pageOf(SignatureRecord);

/** SPEC §7 `PUT /api/admin/user/br/update/{id}`: username, signatureElements, signature (still exactly 6), status. */
export const SignatureRecordUpdateRequest = z.object({
  id: recordId,
  username: requiredText('username', 255).optional(),
  signatureElements: SignatureElementList.optional(),
  signature: SignatureNameList.optional(),
  status: recordStatusField.optional(),
});
export type SignatureRecordUpdateRequest = z.infer<typeof SignatureRecordUpdateRequest>;

export const SignatureRecordDeleteRequest = z.object({ id: recordId });
export const SignatureRecordCounts = z.object({ br: z.number().int().min(0) });

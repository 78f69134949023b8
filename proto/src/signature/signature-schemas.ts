import { z } from 'zod';
import { recordId, requiredText } from '../fields';
import { SIGNATURE_SIZE, SIGNATURE_SIZE_MESSAGE } from '../rules/signature';
import { bodyUserId, nameList } from './fields';
import { USER_MISMATCH } from './messages';

/** Signature names: exactly 6, each a short name (SPEC §5). A comma-joined string is accepted too. */
export const SignatureNameList = nameList('signature', { maxItems: 50, maxLength: 100 }).pipe(
  z.array(z.string()).length(SIGNATURE_SIZE, { error: SIGNATURE_SIZE_MESSAGE }),
);
/** The elements a signature was built from (SPEC §3 signatureElements). */
export const SignatureElementList = nameList('signature elements', { maxItems: 100, maxLength: 100 });
/** The type of the BR code a signature is saved from ('Photography' for 'CRPHO-…'); its code then carries it. */
export const SignatureType = z
  .string({ error: 'The type must be text.' })
  .trim()
  .max(100, { error: 'The type must not be greater than 100 characters.' })
  .nullish()
  .transform((type) => type || null);

const matchesPathUser = <T extends { userId: number; user_id?: number }>(body: T) =>
  body.user_id === undefined || body.user_id === body.userId;

/** SPEC §7 `POST /api/br/signature/store/{userId}`: body user_id, username, signature, signatureElements, status. */
export const StoreSignatureRequest = z
  .object({
    userId: recordId,
    user_id: bodyUserId,
    username: requiredText('username', 255),
    signature: SignatureNameList,
    signatureElements: SignatureElementList.default([]),
    type: SignatureType,
    /** SPEC §3: a saved signature has status '1'; nothing else is accepted. */
    status: z
      .union([z.literal('1'), z.literal(1)], { error: 'The status must be 1.' })
      .optional()
      .transform(() => '1' as const),
    /**
     * One signature per user: true (the legacy client, which asked first) replaces a saved one; false answers
     * CONFLICT with the spec's question when one is saved, so a client can ask before replacing.
     */
    replace: z.boolean({ error: 'The replace field must be true or false.' }).default(true),
  })
  .refine(matchesPathUser, { path: ['user_id'], error: USER_MISMATCH });

/** SPEC §7 `POST /api/br/updatenewsignature/update/{userId}`: body signatureElements, signature. */
export const UpdateSignatureRequest = z.object({
  userId: recordId,
  signature: SignatureNameList,
  signatureElements: SignatureElementList.optional(),
});

export const UserSignatureRequest = z.object({ userId: recordId });

export const SwapSignatureRequest = z.object({
  userId: recordId,
  reason: requiredText('reason', 1000),
});

export const Signature = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  username: z.string(),
  signature: z.array(z.string()),
  signatureElements: z.array(z.string()),
  /** The type of the BR code it was saved from, or null. */
  type: z.string().nullable(),
  /** The BR code it was saved from ('CRPHO-Aur-Dus-…'), or without a type the names' code ('Aur-Dus-…'). */
  code: z.string(),
  /** '1'; an admin may set '0' (Deactive) on the BR screen. */
  status: z.enum(['0', '1']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Signature = z.infer<typeof Signature>;

export const SignatureResponse = z.object({ status: z.boolean(), message: z.string(), data: Signature });
export const MaybeSignatureResponse = z.object({ data: Signature.nullable() });
export const RemoveSignatureResponse = z.object({ status: z.boolean(), message: z.string() });

/** A swap that the AI could not do right leaves the signature as it was: `swapped` false and the reason why. */
export const SwapSignatureResponse = z.object({
  swapped: z.boolean(),
  message: z.string(),
  data: Signature,
});

/** SPEC §4 BR codes: the stored types map (activeElementsSubType), type label → element labels. */
export const BrCodesRequest = z.object({
  userId: recordId,
  elementsByType: z
    .record(
      z.string().max(100, { error: 'A type must not be greater than 100 characters.' }),
      z
        .array(z.string().max(100, { error: 'An element must not be greater than 100 characters.' }), {
          error: 'Each type must map to a list of elements.',
        })
        .max(200, { error: 'A type must not have more than 200 elements.' }),
      { error: 'The elements by type field must map each type to a list of elements.' },
    )
    .refine((map) => Object.keys(map).length <= 200, { error: 'There must not be more than 200 types.' }),
});

export const BrCodeOutput = z.object({ type: z.string(), elements: z.array(z.string()), code: z.string() });
export type BrCodeOutput = z.infer<typeof BrCodeOutput>;
export const BrCodesResponse = z.object({ data: z.array(BrCodeOutput) });

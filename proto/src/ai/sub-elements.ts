import { z } from 'zod';
import { ITEM_MAX_LENGTH } from '../rules/items';
import { recordId } from '../fields';

/** SPEC §3 sub-element ("bltypes"): a named detail of one element, grouped by `bl_name`. */
export const SubElement = z.object({
  id: z.number().int(),
  name: z.string(),
  bl_name: z.string(),
  reason: z.string().nullable(),
  bl_id: z.number().int(),
  user_id: z.number().int(),
});
export type SubElement = z.infer<typeof SubElement>;

export const CUSTOM_SUB_ELEMENT_GROUP = 'Custom';

const subElementName = z
  .string({ error: 'Each name must be a string.' })
  .trim()
  .min(1, { error: 'Each name must not be empty.' })
  .max(ITEM_MAX_LENGTH, { error: `Each name must be under ${ITEM_MAX_LENGTH + 1} characters.` });

const names = z
  .array(subElementName, { error: 'The name field is required.' })
  .min(1, { error: 'The name field is required.' })
  .max(200, { error: 'The name must not have more than 200 items.' });

export const ElementIdRequest = z.object({ element_id: recordId });
export const SubElementsResponse = z.object({ status: z.literal(true), name: z.array(SubElement) });
export type SubElementsResponse = z.infer<typeof SubElementsResponse>;

/** Every sub-element of a user, of all their elements, a page at a time (`after_id` from the previous page). */
export const UserSubElementsRequest = z.object({
  user_id: recordId,
  after_id: z.number().int().min(0).default(0),
});

/** A page of a user's sub-elements in id order; `next_after_id` is null on the last page. */
export const UserSubElementsPage = z.object({
  name: z.array(SubElement),
  next_after_id: z.number().int().nullable(),
});
export type UserSubElementsPage = z.infer<typeof UserSubElementsPage>;

/** SPEC §7 `bltypes/store`: names (optionally in their group) for one element. */
export const StoreSubElementsRequest = z.object({
  element_id: recordId,
  bl_id: recordId.optional(),
  user_id: recordId.optional(),
  bl_name: z.string().trim().max(100).optional(),
  name: names,
});

/** SPEC §7 `bltypes/newstore`: user-added names, grouped under 'Custom'. */
export const NewStoreSubElementsRequest = z.object({
  element_id: recordId,
  user_id: recordId.optional(),
  name: names,
});

export const UpdateSubElementReasonRequest = z.object({
  id: recordId,
  reason: z
    .string({ error: 'The reason field must be a string.' })
    .trim()
    .max(1000, { error: 'The reason must not be greater than 1000 characters.' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export const SubElementResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: SubElement,
});

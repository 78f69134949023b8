import { z } from 'zod';
import { recordId } from '../fields';

/** The user's active selection (SPEC §3 active_* keys), kept on the server so it follows them everywhere. */
export const Selection = z.object({
  user_id: z.number().int(),
  active_types: z.array(z.number().int()),
  active_elements: z.array(z.number().int()),
  active_pro: z.array(z.number().int()),
  /** Element id → chosen sub-element ids. */
  sub_elements: z.record(z.string(), z.array(z.number().int())),
});
export type Selection = z.infer<typeof Selection>;

export const SelectionRequest = z.object({ user_id: recordId });

export const SetItemActiveRequest = z.object({
  user_id: recordId,
  family: z.enum(['tl', 'bl', 'tr'], { error: 'The list must be one of tl, bl, tr.' }),
  item_id: recordId,
  active: z.boolean({ error: 'The active field must be true or false.' }),
});

export const SetSubElementChosenRequest = z.object({
  user_id: recordId,
  sub_element_id: recordId,
  chosen: z.boolean({ error: 'The chosen field must be true or false.' }),
});

export const LeaveElementRequest = z.object({ user_id: recordId, element_id: recordId });
/** SPEC §5: null when the user may leave the element, else 'Please select minimum 6 or unselect: {element}'. */
export const LeaveElementResponse = z.object({ allowed: z.boolean(), message: z.string().nullable() });

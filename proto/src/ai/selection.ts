import { z } from 'zod';
import { recordId, requiredText } from '../fields';
import { nameList } from '../signature/fields';
import { ListItemText } from './lists';

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

/** The most items, sub-elements and custom items one import applies (issue #19). */
export const MAX_IMPORT_ITEMS = 200;
export const MAX_IMPORT_CUSTOM_ITEMS = 100;

const importFamily = z.enum(['tl', 'bl', 'tr'], { error: 'The list must be one of tl, bl, tr.' });

/**
 * Issue #19 paste-in import, applied at once: the items to activate, the sub-elements to choose (their elements
 * are activated too) and the custom items to add and activate. All or nothing.
 */
export const ImportSelectionRequest = z.object({
  user_id: recordId,
  items: z
    .array(z.object({ family: importFamily, item_id: recordId }), {
      error: 'The items field must be a list.',
    })
    .max(MAX_IMPORT_ITEMS, { error: `The items must not have more than ${MAX_IMPORT_ITEMS} entries.` })
    .default([]),
  sub_element_ids: z
    .array(recordId, { error: 'The sub element ids field must be a list.' })
    .max(MAX_IMPORT_ITEMS, {
      error: `The sub element ids must not have more than ${MAX_IMPORT_ITEMS} entries.`,
    })
    .default([]),
  custom: z
    .array(z.object({ family: importFamily, text: ListItemText }), {
      error: 'The custom field must be a list.',
    })
    .max(MAX_IMPORT_CUSTOM_ITEMS, {
      error: `The custom items must not have more than ${MAX_IMPORT_CUSTOM_ITEMS} entries.`,
    })
    .default([]),
});

/** The most names one restore carries in each list (the prompt history's snapshot holds no more). */
export const MAX_RESTORE_NAMES = 100;
const restoreNames = (label: string) =>
  nameList(label, { maxItems: MAX_RESTORE_NAMES, maxLength: 100 }).default([]);

/**
 * Issue #19 restoring a prompt version: the selection becomes these, by name, among the items and sub-elements the
 * user still has (each element's sub-elements among that element's). Replaces the whole selection at once.
 */
export const RestoreSelectionRequest = z.object({
  user_id: recordId,
  types: restoreNames('types'),
  pro_items: restoreNames('pro items'),
  elements: z
    .array(
      z.object({ name: requiredText('element name', 100), sub_elements: restoreNames('sub-elements') }),
      { error: 'The elements field must be a list.' },
    )
    .max(MAX_RESTORE_NAMES, { error: `The elements must not have more than ${MAX_RESTORE_NAMES} items.` })
    .default([]),
});

/** The selection restored and how many of the names asked for no longer exist (deleted since). */
export const RestoredSelection = z.object({
  selection: Selection,
  missing: z.number().int().nonnegative(),
});
export type RestoredSelection = z.infer<typeof RestoredSelection>;

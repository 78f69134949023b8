import { z } from 'zod';
import { ListFamily } from '../enums';
import { INTERNAL, ownedBy } from '../access/declaration';
import { defineEvent } from '../operation';
import { ListItem } from './lists';
import { Selection } from './selection';
import { SubElement } from './sub-elements';

export const RUN_STATES = ['running', 'done', 'cancelled'] as const;
export const RunProgress = z.object({
  stored: z.number().int().min(0),
  total: z.number().int().min(0),
  state: z.enum(RUN_STATES),
});
export type RunProgress = z.infer<typeof RunProgress>;

/** The AI worker's events; each names its owner, and the gateway delivers it only to that user's connections. */
export const aiEvents = {
  /**
   * A list changed: the items added, changed (as they now are) and removed (ids), not the whole list, so an event
   * stays small whatever the list's size. `version` counts the list's changes (1, 2, 3 … per user and family): a
   * reader that sees a version other than the one after its own has missed a change and reads the list again. A
   * change too large for one message goes out as several events, one version each.
   */
  listUpdated: defineEvent(
    'evt.ai.list.updated',
    z.object({
      userId: z.number().int(),
      family: ListFamily,
      version: z.number().int().positive(),
      added: z.array(ListItem),
      changed: z.array(ListItem),
      removed: z.array(z.number().int()),
      /** The generation job that produced the change; null for direct writes. */
      jobId: z.string().nullable(),
      /** When the change was committed (ms since the epoch). */
      committedAt: z.number(),
      /** A streamed run's progress: items stored so far of those asked for, and whether it is still running. */
      run: RunProgress.optional(),
    }),
    ownedBy('read', 'userId'),
  ),
  /**
   * An element's sub-elements changed: like `listUpdated`, the sub-elements added and changed and the ids removed,
   * with `version` counting the element's changes (1, 2, 3 …), not the whole set.
   */
  subElementsUpdated: defineEvent(
    'evt.ai.sub_elements.updated',
    z.object({
      userId: z.number().int(),
      elementId: z.number().int(),
      version: z.number().int().positive(),
      added: z.array(SubElement),
      changed: z.array(SubElement),
      removed: z.array(z.number().int()),
      jobId: z.string().nullable(),
      committedAt: z.number(),
    }),
    ownedBy('read', 'userId'),
  ),
  /** A job ended without items: `message` is 'Error occurred while processing.' or 'No response from AI.'. */
  generationFailed: defineEvent(
    'evt.ai.generation.failed',
    z.object({
      userId: z.number().int(),
      jobId: z.string(),
      family: z.string(),
      elementId: z.number().int().nullable(),
      message: z.string(),
    }),
    ownedBy('read', 'userId'),
  ),
  /** A user asked to stop a run: every AI worker hears it, and the one running that job aborts its provider call. */
  runCancelRequested: defineEvent(
    'evt.ai.run.cancel_requested',
    z.object({ userId: z.number().int(), jobId: z.string() }),
    INTERNAL,
  ),
  selectionChanged: defineEvent(
    'evt.ai.selection.changed',
    z.object({ userId: z.number().int(), selection: Selection }),
    ownedBy('read', 'userId'),
  ),
} as const;

import { z } from 'zod';
import { ListFamily } from '../enums';
import { defineEvent } from '../operation';
import { ListItem } from './lists';
import { Selection } from './selection';
import { SubElement } from './sub-elements';

/** The AI worker's events; each names its owner, and the gateway delivers it only to that user's connections. */
export const aiEvents = {
  /** A list changed: the whole list as it now is, so a client that missed earlier updates is current again. */
  listUpdated: defineEvent(
    'evt.ai.list.updated',
    z.object({
      userId: z.number().int(),
      family: ListFamily,
      items: z.array(ListItem),
      /** The generation job that produced the change; null for direct writes. */
      jobId: z.string().nullable(),
      /** When the change was committed (ms since the epoch). */
      committedAt: z.number(),
    }),
  ),
  subElementsUpdated: defineEvent(
    'evt.ai.sub_elements.updated',
    z.object({
      userId: z.number().int(),
      elementId: z.number().int(),
      subElements: z.array(SubElement),
      jobId: z.string().nullable(),
      committedAt: z.number(),
    }),
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
  ),
  selectionChanged: defineEvent(
    'evt.ai.selection.changed',
    z.object({ userId: z.number().int(), selection: Selection }),
  ),
} as const;

import {
  aiOperations,
  type SubElement as SubElementView,
  type PayloadOf,
  type aiEvents,
} from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { type HubEvent } from '../../subscriptions/event-hub';
import { mapEvents } from '../../subscriptions/map-events';
import { type GraphQLContext } from '../context';

type SubElementChange = PayloadOf<typeof aiEvents.subElementsUpdated>;
export type SubElementChangeWithAll = SubElementChange & { subElements?: SubElementView[] | null };

/**
 * A subscriber's copy of an element's sub-elements, for clients that ask for `subElements`: each change is applied
 * to it when its version follows the last one applied; otherwise (the first change, or one missed) they are read
 * again. Clients that ask only for the change get no read.
 */
export function withWholeSubElements(
  context: GraphQLContext,
  changes: AsyncIterableIterator<HubEvent<SubElementChange>>,
  wanted: boolean,
): AsyncIterableIterator<HubEvent<SubElementChangeWithAll>> {
  // Passed on as they are: every subscriber of an event then shares its object, so its execution can be shared.
  if (!wanted) return changes;
  const rows = new Map<number, SubElementView>();
  let version: number | null = null;
  return mapEvents(changes, async (event) => {
    const change = event.payload;
    if (version !== null && change.version === version + 1) {
      for (const id of change.removed) rows.delete(id);
      for (const row of [...change.changed, ...change.added]) rows.set(row.id, row);
    } else {
      const current = await call(
        context.bus,
        aiOperations.getSubElements,
        { element_id: change.elementId },
        { context: context.request },
      );
      rows.clear();
      for (const row of current.name) rows.set(row.id, row);
    }
    version = change.version;
    const ordered = [...rows.values()].sort((a, b) => a.id - b.id);
    return { ...event, payload: { ...change, subElements: ordered } };
  });
}

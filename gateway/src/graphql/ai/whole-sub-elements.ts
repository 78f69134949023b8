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
export type SubElementChangeWithAll = SubElementChange & { subElements: SubElementView[] | null };

/**
 * A subscriber's copy of an element's sub-elements, for clients that ask for `subElements`: each change is applied
 * to it when its version follows the last one applied; otherwise (the first change, or one missed) they are read
 * again. Clients that ask only for the change get no read.
 */
export function withWholeSubElements(
  context: GraphQLContext,
  changes: AsyncIterator<HubEvent<SubElementChange>>,
  wanted: boolean,
): AsyncIterableIterator<HubEvent<SubElementChangeWithAll>> {
  if (!wanted)
    return mapEvents(changes, (event) => ({ ...event, payload: { ...event.payload, subElements: null } }));
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

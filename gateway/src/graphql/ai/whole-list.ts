import { type ListItem as ListItemView, type PayloadOf, type aiEvents } from '@promptloom/proto';
import { readWholeList } from '../../ai-lists/read-whole-list';
import { type HubEvent } from '../../subscriptions/event-hub';
import { mapEvents } from '../../subscriptions/map-events';
import { type GraphQLContext } from '../context';

type ListChange = PayloadOf<typeof aiEvents.listUpdated>;
export type ListChangeWithItems = ListChange & { items?: ListItemView[] | null };

/**
 * A subscriber's copy of the list, for clients that ask for `items`: each change is applied to it when its version
 * follows the last one applied; otherwise (the first change, or one missed) the list is read again. Applying a change
 * twice is harmless (by id), so a read that already holds a later change needs no care.
 */
export function withWholeList(
  context: GraphQLContext,
  changes: AsyncIterableIterator<HubEvent<ListChange>>,
  wanted: boolean,
): AsyncIterableIterator<HubEvent<ListChangeWithItems>> {
  // Passed on as they are: every subscriber of an event then shares its object, so its execution can be shared.
  if (!wanted) return changes;
  const items = new Map<number, ListItemView>();
  let version: number | null = null;
  return mapEvents(changes, async (event) => {
    const change = event.payload;
    if (version !== null && change.version === version + 1) {
      for (const id of change.removed) items.delete(id);
      for (const item of [...change.changed, ...change.added]) items.set(item.id, item);
    } else {
      const list = await readWholeList(
        context.bus,
        { family: change.family, user_id: change.userId },
        context.request,
      );
      items.clear();
      for (const item of list) items.set(item.id, item);
    }
    version = change.version;
    const ordered = [...items.values()].sort((a, b) => a.id - b.id);
    return { ...event, payload: { ...change, items: ordered } };
  });
}

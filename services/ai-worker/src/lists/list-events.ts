import { type EntityManager } from '@mikro-orm/postgresql';
import { aiEvents, type ListFamily, type ListItem, type RequestContext } from '@promptloom/proto';
import { recordAiEvent } from '../events/event-outlet';
import { ListItemRecord } from './list-item.entity';

export async function listOf(em: EntityManager, userId: number, family: ListFamily): Promise<ListItem[]> {
  const items = await em.find(ListItemRecord, { userId, family }, { orderBy: { id: 'asc' } });
  return items.map((item) => item.toView());
}

/** Inside the writing transaction, after its flush: the list as committed goes into the outbox. */
export async function recordListUpdated(
  tx: EntityManager,
  change: { userId: number; family: ListFamily; jobId: string | null },
  context: RequestContext,
): Promise<ListItem[]> {
  const items = await listOf(tx, change.userId, change.family);
  recordAiEvent(tx, aiEvents.listUpdated, { ...change, items, committedAt: Date.now() }, context);
  return items;
}

import { type EntityManager } from '@mikro-orm/postgresql';
import {
  aiEvents,
  type ListFamily,
  type ListItem,
  type RequestContext,
  type RunProgress,
} from '@promptloom/proto';
import { recordEvent } from '@promptloom/shared';

/** Items per event: far below the bus's 1 MB at the longest items (about 600 bytes each). */
export const LIST_CHANGE_ITEMS_PER_EVENT = 500;

export interface ListChange {
  added?: ListItem[];
  changed?: ListItem[];
  removed?: number[];
}

/**
 * Inside the writing transaction, after its writes: the change goes into the outbox as one event per part of at
 * most LIST_CHANGE_ITEMS_PER_EVENT items (at least one, so a run that added nothing still reports its end), each
 * with the list's next version. Taking the version locks the list's version row until the commit, so the versions
 * of one list are committed, and published, in order.
 */
export async function recordListChange(
  tx: EntityManager,
  target: { userId: number; family: ListFamily; jobId: string | null },
  change: ListChange,
  context: RequestContext,
  /** A streamed run's progress, carried by each part. */
  run?: RunProgress,
): Promise<void> {
  for (const part of partsOf(change, LIST_CHANGE_ITEMS_PER_EVENT)) {
    const version = await nextListVersion(tx, target.userId, target.family);
    const payload = { ...target, ...part, version, committedAt: Date.now(), ...(run && { run }) };
    recordEvent(tx, aiEvents.listUpdated, payload, context);
  }
}

function partsOf(change: ListChange, size: number): Array<Required<ListChange>> {
  const added = change.added ?? [];
  const changed = change.changed ?? [];
  const removed = change.removed ?? [];
  const parts: Array<Required<ListChange>> = [];
  for (let start = 0; start < Math.max(added.length, changed.length, removed.length, 1); start += size) {
    const end = start + size;
    parts.push({
      added: added.slice(start, end),
      changed: changed.slice(start, end),
      removed: removed.slice(start, end),
    });
  }
  return parts;
}

async function nextListVersion(tx: EntityManager, userId: number, family: ListFamily): Promise<number> {
  const schema = tx.config.get('schema') ?? 'public';
  const [row] = (await tx.execute(
    `insert into "${schema}"."list_versions" ("user_id", "family", "version") values (?, ?, 1)
     on conflict ("user_id", "family") do update set "version" = "list_versions"."version" + 1
     returning "version"`,
    [userId, family],
  )) as Array<{ version: string | number }>;
  return Number(row!.version);
}

import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { aiEvents, type RequestContext, type Selection } from '@promptloom/proto';
import { recordEvent } from '@promptloom/shared';
import { SelectionRecord, emptySelection, type SelectionDocument } from './selection.entity';

/** Where each family's active item ids are kept in the selection document. */
export const LIST_OF_FAMILY = { tl: 'active_types', bl: 'active_elements', tr: 'active_pro' } as const;

/**
 * Inside a writer's transaction: read-modify-write of the user's selection under a row lock (so two tabs
 * toggling at once both count), with its `selectionChanged` event in the outbox.
 */
export async function editSelection(
  tx: EntityManager,
  userId: number,
  context: RequestContext,
  edit: (document: SelectionDocument) => void,
): Promise<Selection> {
  await tx
    .getConnection()
    .execute(
      `insert into "${tx.config.get('schema')}"."selections" ("user_id", "document") values (?, ?) on conflict do nothing`,
      [userId, JSON.stringify(emptySelection())],
      'run',
      tx.getTransactionContext(),
    );
  const row = await tx.findOneOrFail(SelectionRecord, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const document = structuredClone(row.document);
  edit(document);
  row.document = document;
  await tx.flush();
  const view = row.toView();
  recordEvent(tx, aiEvents.selectionChanged, { userId, selection: view }, context);
  return view;
}

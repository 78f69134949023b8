import { type EntityManager } from '@mikro-orm/postgresql';
import { aiEvents, type RequestContext, type SubElement } from '@promptloom/proto';
import { recordEvent } from '@promptloom/shared';

/**
 * Inside the writing transaction, after its writes: the change to an element's sub-elements goes into the outbox
 * with the element's next version. Taking the version locks the element's version row until the commit, so the
 * versions of one element are committed, and published, in order.
 */
export async function recordSubElementChange(
  tx: EntityManager,
  target: { userId: number; elementId: number; jobId: string | null },
  change: { added?: SubElement[]; changed?: SubElement[] },
  context: RequestContext,
): Promise<void> {
  const schema = tx.config.get('schema') ?? 'public';
  const [row] = (await tx.execute(
    `insert into "${schema}"."sub_element_versions" ("element_id", "version") values (?, 1)
     on conflict ("element_id") do update set "version" = "sub_element_versions"."version" + 1
     returning "version"`,
    [target.elementId],
  )) as Array<{ version: string | number }>;
  recordEvent(
    tx,
    aiEvents.subElementsUpdated,
    {
      ...target,
      version: Number(row!.version),
      added: change.added ?? [],
      changed: change.changed ?? [],
      removed: [],
      committedAt: Date.now(),
    },
    context,
  );
}

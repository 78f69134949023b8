import { type EntityManager } from '@mikro-orm/postgresql';
import {
  hasValidItemLength,
  itemKey,
  packImported,
  type ListFamily,
  type PackImportEntry,
  type PackImportReport,
  type PackSkippedEntry,
  type ParsedRequestOf,
  type RequestContext,
  type SignaturePackFile,
  type packListOperations,
} from '@promptloom/proto';
import { type OutboxWriter } from '@promptloom/shared';
import { recordListChange } from '../lists/list-events';
import { ListItemRecord, nameKeyOf } from '../lists/list-item.entity';
import { recordSubElementChange } from '../lists/sub-element-events';
import { SubElementRecord } from '../lists/sub-element.entity';

type Import = ParsedRequestOf<typeof packListOperations.import>;

const NOT_ACCEPTED = 'The lists take names of 1 to 29 letters.';
const ALREADY_PRESENT = 'Already in your lists.';

/** A name the lists accept: 1 to 29 characters, with at least one letter to compare it by. */
const acceptable = (name: string) => hasValidItemLength(name) && itemKey(name).length > 0;

/**
 * Merges a pack into the importer's own lists in one transaction: the signature's type into Types, its elements
 * (with their reasons) into Elements, their sub-elements (group, reason) under them. What the importer has already
 * is left exactly as it is and reported as skipped; so is what the lists do not accept. Unique indexes with
 * `on conflict do nothing` decide what is new, so two imports at once add each name once.
 */
export async function importPack(
  writer: OutboxWriter,
  request: Import,
  context: RequestContext,
): Promise<PackImportReport> {
  return writer.write(async (tx) => {
    const report = new ReportBuilder();
    const userId = request.user_id;
    const { pack } = request;
    if (pack.signature.type) {
      const type = pack.signature.type;
      const entry = { kind: 'type' as const, name: type, element: null };
      if (!acceptable(type)) report.skip(entry, 'invalid');
      else {
        const added = await insertItems(tx, userId, 'tl', [{ name: type, reason: null }]);
        if (added.length > 0) {
          report.add(entry);
          await recordListChange(tx, { userId, family: 'tl', jobId: null }, { added: views(added) }, context);
        } else report.skip(entry, 'already_present');
      }
    }
    await importElements(tx, userId, pack, report, context);
    return report.build();
  });
}

async function importElements(
  tx: EntityManager,
  userId: number,
  pack: SignaturePackFile,
  report: ReportBuilder,
  context: RequestContext,
): Promise<void> {
  const valid = pack.elements.filter((element) => {
    if (acceptable(element.name)) return true;
    report.skip({ kind: 'element', name: element.name, element: null }, 'invalid');
    return false;
  });
  const added = await insertItems(tx, userId, 'bl', valid);
  const addedKeys = new Set(added.map((item) => item.nameKey));
  if (added.length > 0)
    await recordListChange(tx, { userId, family: 'bl', jobId: null }, { added: views(added) }, context);
  const rows = await tx.find(ListItemRecord, {
    userId,
    family: 'bl',
    nameKey: { $in: valid.map((element) => nameKeyOf(element.name)) },
  });
  const rowOf = new Map(rows.map((row) => [row.nameKey, row]));
  for (const element of valid) {
    const key = nameKeyOf(element.name);
    const entry = { kind: 'element' as const, name: element.name, element: null };
    if (addedKeys.has(key)) report.add(entry);
    else report.skip(entry, 'already_present');
    const row = rowOf.get(key);
    if (row) await importSubElements(tx, row, element.subElements, report, context);
  }
}

async function importSubElements(
  tx: EntityManager,
  element: ListItemRecord,
  subElements: SignaturePackFile['elements'][number]['subElements'],
  report: ReportBuilder,
  context: RequestContext,
): Promise<void> {
  const valid = subElements.filter((sub) => {
    if (acceptable(sub.name)) return true;
    report.skip({ kind: 'sub_element', name: sub.name, element: element.aiResponse }, 'invalid');
    return false;
  });
  const schema = tx.config.get('schema') ?? 'public';
  const inserted: Array<{ id: number; name: string }> =
    valid.length === 0
      ? []
      : await tx.execute(
          `insert into "${schema}"."sub_elements" ("element_id", "user_id", "name", "bl_name", "reason", "reason_at")
           select ?, ?, e.v->>'name', e.v->>'group', e.v->>'reason',
             case when btrim(coalesce(e.v->>'reason', '')) <> '' then now() end
           from json_array_elements(?::json) with ordinality as e(v, n) order by e.n
           on conflict ("element_id", lower("name")) do nothing
           returning "id", "name"`,
          [element.id, element.userId, JSON.stringify(valid)],
        );
  const addedNames = new Set(inserted.map((row) => row.name.toLowerCase()));
  for (const sub of valid) {
    const entry = { kind: 'sub_element' as const, name: sub.name, element: element.aiResponse };
    if (addedNames.has(sub.name.toLowerCase())) report.add(entry);
    else report.skip(entry, 'already_present');
  }
  if (inserted.length === 0) return;
  const rows = await tx.find(
    SubElementRecord,
    { id: { $in: inserted.map((row) => Number(row.id)) } },
    { orderBy: { id: 'asc' } },
  );
  await recordSubElementChange(
    tx,
    { userId: element.userId, elementId: element.id, jobId: null },
    { added: rows.map((row) => row.toView()) },
    context,
  );
}

/** Inserts the items the user's list does not hold yet (by name key), with their reasons; returns those added. */
async function insertItems(
  tx: EntityManager,
  userId: number,
  family: ListFamily,
  items: ReadonlyArray<{ name: string; reason: string | null }>,
): Promise<ListItemRecord[]> {
  if (items.length === 0) return [];
  const schema = tx.config.get('schema') ?? 'public';
  const rows = items.map((item) => ({ text: item.name, key: nameKeyOf(item.name), reason: item.reason }));
  const inserted = (await tx.execute(
    `insert into "${schema}"."list_items" ("user_id", "family", "ai_response", "name_key", "ai_reason", "reason_at")
     select ?, ?, e.v->>'text', e.v->>'key', e.v->>'reason',
       case when btrim(coalesce(e.v->>'reason', '')) <> '' then now() end
     from json_array_elements(?::json) with ordinality as e(v, n) order by e.n
     on conflict ("user_id", "family", "name_key") do nothing
     returning "id"`,
    [userId, family, JSON.stringify(rows)],
  )) as Array<{ id: number }>;
  if (inserted.length === 0) return [];
  return tx.find(
    ListItemRecord,
    { id: { $in: inserted.map((row) => Number(row.id)) } },
    { orderBy: { id: 'asc' } },
  );
}

const views = (rows: ListItemRecord[]) => rows.map((row) => row.toView());

class ReportBuilder {
  private readonly added: PackImportEntry[] = [];
  private readonly skipped: PackSkippedEntry[] = [];

  add(entry: PackImportEntry): void {
    this.added.push(entry);
  }

  skip(entry: PackImportEntry, reason: PackSkippedEntry['reason']): void {
    this.skipped.push({ ...entry, reason, message: reason === 'invalid' ? NOT_ACCEPTED : ALREADY_PRESENT });
  }

  build(): PackImportReport {
    return {
      message: packImported(this.added.length, this.skipped.length),
      added: this.added,
      skipped: this.skipped,
    };
  }
}

import { type EntityManager } from '@mikro-orm/postgresql';
import {
  type aiOperations,
  type ParsedRequestOf,
  type RequestContext,
  type Selection,
} from '@promptloom/proto';
import { type OutboxWriter } from '@promptloom/shared';
import { recordListChange } from '../lists/list-events';
import { ListItemRecord, nameKeyOf } from '../lists/list-item.entity';
import { addNewItems } from '../lists/list-writes';
import { notFound } from '../lists/not-found';
import { SubElementRecord } from '../lists/sub-element.entity';
import { editSelection, LIST_OF_FAMILY } from './edit-selection';

type ImportRequest = ParsedRequestOf<(typeof aiOperations)['importSelection']>;
type Family = keyof typeof LIST_OF_FAMILY;

const FAMILIES: readonly Family[] = ['tl', 'bl', 'tr'];
const addOnce = (ids: number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);

/**
 * Issue #19 paste-in import: adds the custom items, activates them with the matched items and chooses the
 * sub-elements (activating their elements), in one transaction: an import that fails changes nothing.
 */
export class SelectionImportHandler {
  constructor(private readonly writer: OutboxWriter) {}

  async importSelection(request: ImportRequest, context: RequestContext): Promise<Selection> {
    const userId = request.user_id;
    return this.writer.write(async (tx) => {
      const activate = await this.ownItems(tx, request);
      const subElements = await this.ownSubElements(tx, request);
      for (const family of FAMILIES) {
        const texts = request.custom.filter((entry) => entry.family === family).map((entry) => entry.text);
        if (texts.length === 0) continue;
        const target = { userId, family };
        const added = await addNewItems(
          tx,
          target,
          texts.map((text) => ({ text })),
        );
        if (added.length > 0) await recordListChange(tx, { ...target, jobId: null }, { added }, context);
        // Those the user had already are activated as they are.
        const rows = await tx.find(ListItemRecord, {
          userId,
          family,
          nameKey: { $in: texts.map(nameKeyOf) },
        });
        activate.push(...rows.map((row) => ({ family, id: row.id })));
      }
      return editSelection(tx, userId, context, (document) => {
        for (const { family, id } of activate) {
          const key = LIST_OF_FAMILY[family];
          document[key] = addOnce(document[key], id);
        }
        for (const subElement of subElements) {
          const key = String(subElement.elementId);
          document.active_elements = addOnce(document.active_elements, subElement.elementId);
          document.sub_elements[key] = addOnce(document.sub_elements[key] ?? [], subElement.id);
        }
      });
    });
  }

  /** The requested items, each the caller's and of the family named; any other is "not found". */
  private async ownItems(tx: EntityManager, request: ImportRequest) {
    const ids = [...new Set(request.items.map((entry) => entry.item_id))];
    const rows =
      ids.length > 0 ? await tx.find(ListItemRecord, { id: { $in: ids }, userId: request.user_id }) : [];
    return request.items.map((entry) => {
      const row = rows.find((candidate) => candidate.id === entry.item_id);
      if (!row || row.family !== entry.family) throw notFound('Item');
      return { family: entry.family, id: row.id };
    });
  }

  private async ownSubElements(tx: EntityManager, request: ImportRequest) {
    const ids = [...new Set(request.sub_element_ids)];
    if (ids.length === 0) return [];
    const rows = await tx.find(SubElementRecord, { id: { $in: ids }, userId: request.user_id });
    if (rows.length !== ids.length) throw notFound('Sub-element');
    return rows;
  }
}

import { type EntityManager } from '@mikro-orm/postgresql';
import {
  type aiOperations,
  type ParsedRequestOf,
  type RequestContext,
  type RestoredSelection,
} from '@promptloom/proto';
import { type OutboxWriter } from '@promptloom/shared';
import { ListItemRecord, nameKeyOf } from '../lists/list-item.entity';
import { SubElementRecord } from '../lists/sub-element.entity';
import { editSelection } from './edit-selection';

type RestoreRequest = ParsedRequestOf<(typeof aiOperations)['restoreSelection']>;
type Family = 'tl' | 'bl' | 'tr';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Issue #19 restoring a prompt version: the whole selection becomes the version's, by name, in one transaction (a
 * restore that fails changes nothing). Names the user no longer has are counted, not restored.
 */
export class SelectionRestoreHandler {
  constructor(private readonly writer: OutboxWriter) {}

  async restoreSelection(request: RestoreRequest, context: RequestContext): Promise<RestoredSelection> {
    const userId = request.user_id;
    return this.writer.write(async (tx) => {
      let missing = 0;
      const idsOf = async (family: Family, names: readonly string[]) => {
        const found = await this.itemsNamed(tx, userId, family, names);
        missing += new Set(names.map(nameKeyOf)).size - found.length;
        return found;
      };
      const types = await idsOf('tl', request.types);
      const pro = await idsOf('tr', request.pro_items);
      const elements = await idsOf(
        'bl',
        request.elements.map((element) => element.name),
      );
      const subElements: Record<string, number[]> = {};
      const offered =
        elements.length > 0
          ? await tx.find(SubElementRecord, { userId, elementId: { $in: elements.map((row) => row.id) } })
          : [];
      for (const wanted of request.elements) {
        const element = elements.find((row) => row.nameKey === nameKeyOf(wanted.name));
        if (!element) {
          missing += wanted.sub_elements.length;
          continue;
        }
        const own = offered.filter((sub) => sub.elementId === element.id);
        const chosen = wanted.sub_elements.flatMap((name) => {
          const sub = own.find((candidate) => sameName(candidate.name, name));
          if (!sub) missing += 1;
          return sub ? [sub.id] : [];
        });
        if (chosen.length > 0) subElements[String(element.id)] = [...new Set(chosen)];
      }
      const selection = await editSelection(tx, userId, context, (document) => {
        document.active_types = types.map((row) => row.id);
        document.active_pro = pro.map((row) => row.id);
        document.active_elements = elements.map((row) => row.id);
        document.sub_elements = subElements;
      });
      return { selection, missing };
    });
  }

  /** The user's items of `family` with these names, once each (a name asked for twice counts once). */
  private async itemsNamed(tx: EntityManager, userId: number, family: Family, names: readonly string[]) {
    const keys = [...new Set(names.map(nameKeyOf))];
    if (keys.length === 0) return [];
    const rows = await tx.find(ListItemRecord, { userId, family, nameKey: { $in: keys } });
    return keys.flatMap((key) => rows.filter((row) => row.nameKey === key));
  }
}

import { type EntityManager } from '@mikro-orm/postgresql';
import { type PackElement, type ParsedRequestOf, type packListOperations } from '@promptloom/proto';
import {} from '@promptloom/shared';
import { ListItemRecord, nameKeyOf } from '../lists/list-item.entity';
import { SubElementRecord } from '../lists/sub-element.entity';

type Contents = ParsedRequestOf<typeof packListOperations.contents>;

/**
 * The pack's elements: each name as the owner's Elements list has it, with its reason and its sub-elements (group
 * and reason). A name the list does not hold is still an element of the pack, without reason or sub-elements.
 */
export async function packContents(
  em: EntityManager,
  request: Contents,
): Promise<{ elements: PackElement[] }> {
  const keys = [...new Set(request.names.map(nameKeyOf))];
  const items = await em.find(ListItemRecord, {
    userId: request.user_id,
    family: 'bl',
    nameKey: { $in: keys },
  });
  const itemOf = new Map(items.map((item) => [item.nameKey, item]));
  const subElements = await em.find(
    SubElementRecord,
    { elementId: { $in: items.map((item) => item.id) } },
    { orderBy: { id: 'asc' } },
  );
  const seen = new Set<string>();
  const elements: PackElement[] = [];
  for (const name of request.names) {
    const key = nameKeyOf(name);
    if (seen.has(key)) continue;
    seen.add(key);
    const item = itemOf.get(key);
    elements.push({
      name: item?.aiResponse ?? name,
      reason: item?.aiReason ?? null,
      subElements: subElements
        .filter((sub) => item !== undefined && sub.elementId === item.id)
        .map((sub) => ({ name: sub.name, group: sub.blName, reason: sub.reason })),
    });
  }
  return { elements };
}

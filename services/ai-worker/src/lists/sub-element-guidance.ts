import { type EntityManager } from '@mikro-orm/postgresql';
import { GUIDANCE_MAX_REASONS, reasonUsedOf, type ReasonUsed } from '@promptloom/proto';
import { type ListItemRecord } from './list-item.entity';
import { SubElementRecord } from './sub-element.entity';

interface Dated {
  at: Date;
  used: ReasonUsed;
}

/**
 * Issue 19, for sub-elements: the reasons the element's owner wrote on its sub-elements and on the element itself,
 * newest first and capped, as the sub-element prompt carries them. Only the owner's rows are read: another user's
 * reason can never steer this generation.
 */
export async function subElementGuidanceOf(
  em: EntityManager,
  element: ListItemRecord,
): Promise<ReasonUsed[]> {
  const rows = await em.find(
    SubElementRecord,
    { elementId: element.id, userId: element.userId, reasonAt: { $ne: null }, reason: { $ne: null } },
    { orderBy: { reasonAt: 'desc', id: 'desc' }, limit: GUIDANCE_MAX_REASONS * 2 },
  );
  const dated: Dated[] = [];
  const own = element.reasonAt ? reasonUsedOf(element.aiResponse, element.aiReason) : null;
  if (own && element.reasonAt) dated.push({ at: element.reasonAt, used: own });
  for (const row of rows) {
    const used = reasonUsedOf(row.name, row.reason);
    if (used && row.reasonAt) dated.push({ at: row.reasonAt, used });
  }
  return dated
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, GUIDANCE_MAX_REASONS)
    .map(({ used }) => used);
}

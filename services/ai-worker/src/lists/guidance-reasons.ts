import { type EntityManager } from '@mikro-orm/postgresql';
import { GUIDANCE_MAX_REASONS, reasonUsedOf, type ListFamily, type ReasonUsed } from '@promptloom/proto';
import { ListItemRecord } from './list-item.entity';

/**
 * Issue 19: the reasons one user wrote on their items (of one list, or of all), newest first and capped, as a
 * prompt carries them. Only this user's rows are read: another user's reason can never steer their call.
 */
export async function guidanceReasonsOf(
  em: EntityManager,
  userId: number,
  family?: ListFamily,
): Promise<ReasonUsed[]> {
  const rows = await em.find(
    ListItemRecord,
    {
      userId,
      ...(family ? { family } : {}),
      reasonAt: { $ne: null },
      aiReason: { $ne: null },
    },
    { orderBy: { reasonAt: 'desc', id: 'desc' }, limit: GUIDANCE_MAX_REASONS * 2 },
  );
  return rows
    .map((row) => reasonUsedOf(row.aiResponse, row.aiReason))
    .filter((used): used is ReasonUsed => used !== null)
    .slice(0, GUIDANCE_MAX_REASONS);
}

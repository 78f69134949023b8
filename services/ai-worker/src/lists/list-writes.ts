import { type EntityManager } from '@mikro-orm/postgresql';
import { itemKey, uniqueIgnoringCase, type AgentFamily, type ListFamily } from '@promptloom/proto';
import { AgentSettings } from './agent-settings.entity';
import { ListItemRecord } from './list-item.entity';
import { nextRunDay } from './run-dates';

export interface RunSettings {
  levels: number;
  aiModel: string;
  frequency: number;
  agentRole: string | null;
  name: string | null;
}

/** Adds the items the user does not have yet (case-insensitively); returns how many were added. */
export async function addNewItems(
  tx: EntityManager,
  target: { userId: number; family: ListFamily; jobId?: string | null },
  items: ReadonlyArray<{ text: string; category?: string | null }>,
  settings?: RunSettings,
): Promise<number> {
  const stored = await tx.find(ListItemRecord, { userId: target.userId, family: target.family });
  const known = new Set(stored.map((item) => itemKey(item.aiResponse)));
  const fresh = uniqueIgnoringCase(
    items.map((item) => item.text),
    itemKey,
  ).filter((text) => !known.has(itemKey(text)));
  const categoryOf = new Map(items.map((item) => [item.text, item.category ?? null]));
  for (const text of fresh) {
    tx.persist(
      new ListItemRecord({
        userId: target.userId,
        family: target.family,
        aiResponse: text,
        category: categoryOf.get(text) ?? null,
        jobId: target.jobId ?? null,
        ...(settings && {
          levels: settings.levels,
          aiModel: settings.aiModel,
          frequency: settings.frequency,
          agentRole: settings.agentRole,
          name: settings.name,
        }),
      }),
    );
  }
  await tx.flush();
  return fresh.length;
}

export const isAgentFamily = (family: ListFamily): family is AgentFamily => family !== 'br';

/** Keeps the settings of a run as the user's previous settings for that agent. */
export async function saveAgentSettings(
  tx: EntityManager,
  userId: number,
  family: AgentFamily,
  settings: RunSettings,
  today: Date,
): Promise<void> {
  await tx.upsert(
    AgentSettings,
    {
      userId,
      family,
      aiModel: settings.aiModel,
      frequency: settings.frequency,
      agentRole: settings.agentRole,
      name: settings.name,
      levels: settings.levels,
      date: nextRunDay(today, settings.levels),
      updatedAt: new Date(),
    },
    { onConflictFields: ['userId', 'family'], onConflictAction: 'merge', onConflictExcludeFields: ['id'] },
  );
}

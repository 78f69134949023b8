import { type EntityManager } from '@mikro-orm/postgresql';
import { uniqueIgnoringCase, type AgentFamily, type ListFamily, type ListItem } from '@promptloom/proto';
import { AgentSettings } from './agent-settings.entity';
import { ListItemRecord, nameKeyOf } from './list-item.entity';
import { nextRunDay } from './run-dates';

export interface RunSettings {
  levels: number;
  aiModel: string;
  frequency: number;
  agentRole: string | null;
  name: string | null;
}

/**
 * Adds the items the user does not have yet (by `nameKeyOf`); returns those it added, in order. The unique index on
 * (user, family, name key) decides, so two writers adding one name at once store it once: `on conflict do nothing`.
 */
export async function addNewItems(
  tx: EntityManager,
  target: { userId: number; family: ListFamily; jobId?: string | null },
  items: ReadonlyArray<{ text: string; category?: string | null }>,
  settings?: RunSettings,
): Promise<ListItem[]> {
  const categoryOf = new Map(items.map((item) => [item.text, item.category ?? null]));
  const fresh = uniqueIgnoringCase(
    items.map((item) => item.text),
    nameKeyOf,
  ).map((text) => ({
    ai_response: text,
    name_key: nameKeyOf(text),
    category: categoryOf.get(text) ?? null,
  }));
  if (fresh.length === 0) return [];
  const schema = tx.config.get('schema') ?? 'public';
  const inserted = (await tx.execute(
    `insert into "${schema}"."list_items" ("user_id", "family", "job_id", "levels", "ai_model", "frequency",
       "agent_role", "name", "ai_response", "name_key", "category")
     select ?, ?, ?, ?, ?, ?, ?, ?, e.v->>'ai_response', e.v->>'name_key', e.v->>'category'
     from json_array_elements(?::json) with ordinality as e(v, n) order by e.n
     on conflict ("user_id", "family", "name_key") do nothing
     returning "id"`,
    [
      target.userId,
      target.family,
      target.jobId ?? null,
      settings?.levels ?? 0,
      settings?.aiModel ?? null,
      settings?.frequency ?? null,
      settings?.agentRole ?? null,
      settings?.name ?? null,
      JSON.stringify(fresh),
    ],
  )) as Array<{ id: number }>;
  if (inserted.length === 0) return [];
  const rows = await tx.find(
    ListItemRecord,
    { id: { $in: inserted.map((row) => row.id) } },
    { orderBy: { id: 'asc' } },
  );
  return rows.map((row) => row.toView());
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

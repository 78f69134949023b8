import { type EntityManager } from '@mikro-orm/postgresql';
import { type Mode as ModeRecord } from '@promptloom/proto';
import { ModeModule, type Mode } from './mode.entity';
import { Module } from './module.entity';

/** Modes as the list shows them: each with its module ids and their names joined ('Creative, Place'). */
export async function presentModes(em: EntityManager, modes: Mode[]): Promise<ModeRecord[]> {
  if (modes.length === 0) return [];
  const links = await em.find(
    ModeModule,
    { modeId: { $in: modes.map((mode) => mode.id) } },
    { orderBy: { id: 'asc' } },
  );
  const modules = await em.find(Module, { id: { $in: [...new Set(links.map((link) => link.moduleId))] } });
  const nameOf = new Map(modules.map((module) => [module.id, module.name]));
  return modes.map((mode) => {
    const moduleIds = links.filter((link) => link.modeId === mode.id).map((link) => link.moduleId);
    return {
      id: mode.id,
      name: mode.name,
      module_id: moduleIds,
      modules: moduleIds.map((id) => nameOf.get(id) ?? '').join(', '),
    };
  });
}

export async function presentMode(em: EntityManager, mode: Mode): Promise<ModeRecord> {
  const [record] = await presentModes(em, [mode]);
  return record!;
}

/** Escapes `%`, `_` and `\` so a name matches itself only in ILIKE. */
export const likeExactly = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

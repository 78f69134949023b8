import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  catalogueEvents,
  invalidInput,
  type ChangeAction,
  type modeOperations,
  type ModePage,
  type Mode as ModeRecord,
  type PageRequest,
  type ParsedRequestOf,
  type RequestContext,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { recordAudit } from '../audit/record-audit';
import { pageOfRows } from '../page-of-rows';
import { MODE_IN_USE, UNKNOWN_MODULE, inUse, nameTaken, notFound } from './catalogue-errors';
import { likeExactly, presentMode, presentModes } from './mode-records';
import { Mode, ModeModule } from './mode.entity';
import { ModeType } from './mode-type.entity';
import { Module } from './module.entity';

type Create = ParsedRequestOf<typeof modeOperations.create>;
type Update = ParsedRequestOf<typeof modeOperations.update>;

/**
 * Manage Mode (SPEC §2): a mode is a name with one or more modules. The old client posts `store` once per selected
 * module with the same name, so a store for a name that exists adds the modules it does not have yet; a store that
 * adds nothing new is a 422 'The name has already been taken.'.
 */
export class ModeHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: Pick<OutboxWriter, 'write'>,
  ) {}

  async list(request: PageRequest): Promise<ModePage> {
    const em = this.em();
    return pageOfRows(
      request,
      await em.count(Mode, {}),
      (limit, offset) => em.find(Mode, {}, { orderBy: { id: 'asc' }, limit, offset }),
      (modes) => presentModes(em, modes),
    );
  }

  async create(request: Create, context: RequestContext): Promise<ModeRecord> {
    return this.writeUnique(async (tx) => {
      await this.requireModules(tx, request.module_id);
      const existing = await tx.findOne(Mode, { name: { $ilike: likeExactly(request.name) } });
      const mode = existing ?? new Mode(request.name);
      const before = existing ? await presentMode(tx, existing) : null;
      if (!existing) {
        tx.persist(mode);
        await tx.flush();
      }
      const added = request.module_id.filter((id) => !before?.module_id.includes(id));
      if (added.length === 0) throw nameTaken();
      for (const moduleId of added) tx.persist(new ModeModule(mode.id, moduleId));
      await tx.flush();
      const after = await presentMode(tx, mode);
      this.record(tx, context, existing ? 'updated' : 'created', before, after);
      return after;
    });
  }

  async update(request: Update, context: RequestContext): Promise<ModeRecord> {
    return this.writeUnique(async (tx) => {
      const mode = await this.find(tx, request.id);
      await this.requireModules(tx, request.module_id);
      const before = await presentMode(tx, mode);
      mode.name = request.name;
      await tx.nativeDelete(ModeModule, { modeId: mode.id, moduleId: { $nin: request.module_id } });
      for (const moduleId of request.module_id.filter((id) => !before.module_id.includes(id))) {
        tx.persist(new ModeModule(mode.id, moduleId));
      }
      await tx.flush();
      const after = await presentMode(tx, mode);
      this.record(tx, context, 'updated', before, after);
      return after;
    });
  }

  async delete(request: { id: number }, context: RequestContext): Promise<{ id: number }> {
    return this.writer.write(async (tx) => {
      const mode = await this.find(tx, request.id);
      if ((await tx.count(ModeType, { modeId: mode.id })) > 0) throw inUse(MODE_IN_USE);
      const before = await presentMode(tx, mode);
      await tx.nativeDelete(ModeModule, { modeId: mode.id });
      tx.remove(mode);
      this.record(tx, context, 'deleted', before, null);
      return { id: before.id };
    });
  }

  private async find(tx: EntityManager, id: number): Promise<Mode> {
    const mode = await tx.findOne(Mode, { id });
    if (!mode) throw notFound('Mode');
    return mode;
  }

  private async requireModules(tx: EntityManager, ids: number[]): Promise<void> {
    const found = await tx.count(Module, { id: { $in: ids } });
    if (found !== ids.length) throw invalidInput({ module_id: [UNKNOWN_MODULE] });
  }

  private record(
    tx: EntityManager,
    context: RequestContext,
    action: ChangeAction,
    before: ModeRecord | null,
    after: ModeRecord | null,
  ): void {
    const mode = (after ?? before)!;
    recordAudit(tx, context, { entity: 'mode', entityId: mode.id, action, before, after });
    recordEvent(tx, catalogueEvents.modeChanged, { action, mode }, context);
  }

  private async writeUnique<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.writer.write(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw nameTaken();
      throw error;
    }
  }
}

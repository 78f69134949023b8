import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  catalogueEvents,
  type ChangeAction,
  type moduleOperations,
  type ModulePage,
  type Module as ModuleRecord,
  type PageRequest,
  type ParsedRequestOf,
  type RequestContext,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { recordAudit } from '../audit/record-audit';
import { pageOfRows } from '../page-of-rows';
import { MODULE_IN_USE, inUse, nameTaken, notFound } from './catalogue-errors';
import { ModeModule } from './mode.entity';
import { Module } from './module.entity';

type Create = ParsedRequestOf<typeof moduleOperations.create>;
type Update = ParsedRequestOf<typeof moduleOperations.update>;

/** Manage Modules (SPEC §2): name and status; a name is unique whatever its case. */
export class ModuleHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: Pick<OutboxWriter, 'write'>,
  ) {}

  async list(request: PageRequest): Promise<ModulePage> {
    const em = this.em();
    return pageOfRows(
      request,
      await em.count(Module, {}),
      (limit, offset) => em.find(Module, {}, { orderBy: { id: 'asc' }, limit, offset }),
      (modules) => modules.map((module) => module.toRecord()),
    );
  }

  async create(request: Create, context: RequestContext): Promise<ModuleRecord> {
    return this.writeUnique(async (tx) => {
      const module = new Module({ name: request.name, status: request.status });
      tx.persist(module);
      await tx.flush();
      this.record(tx, context, 'created', null, module.toRecord());
      return module.toRecord();
    });
  }

  async update(request: Update, context: RequestContext): Promise<ModuleRecord> {
    return this.writeUnique(async (tx) => {
      const module = await this.find(tx, request.id);
      const before = module.toRecord();
      module.name = request.name;
      if (request.status) module.status = request.status;
      await tx.flush();
      this.record(tx, context, 'updated', before, module.toRecord());
      return module.toRecord();
    });
  }

  async delete(request: { id: number }, context: RequestContext): Promise<{ id: number }> {
    return this.writer.write(async (tx) => {
      const module = await this.find(tx, request.id);
      if ((await tx.count(ModeModule, { moduleId: module.id })) > 0) throw inUse(MODULE_IN_USE);
      const before = module.toRecord();
      tx.remove(module);
      this.record(tx, context, 'deleted', before, null);
      return { id: before.id };
    });
  }

  private async find(tx: EntityManager, id: number): Promise<Module> {
    const module = await tx.findOne(Module, { id });
    if (!module) throw notFound('Module');
    return module;
  }

  private record(
    tx: EntityManager,
    context: RequestContext,
    action: ChangeAction,
    before: ModuleRecord | null,
    after: ModuleRecord | null,
  ): void {
    const module = (after ?? before)!;
    recordAudit(tx, context, { entity: 'module', entityId: module.id, action, before, after });
    recordEvent(tx, catalogueEvents.moduleChanged, { action, module }, context);
  }

  /** A name taken by another module (the unique index decides, so two racing creates cannot both pass). */
  private async writeUnique<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.writer.write(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw nameTaken();
      throw error;
    }
  }
}

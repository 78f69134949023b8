import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  catalogueEvents,
  invalidInput,
  type ChangeAction,
  type modeTypeOperations,
  type ModeTypePage,
  type ModeType as ModeTypeRecord,
  type PageRequest,
  type ParsedRequestOf,
  type RequestContext,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { recordAudit } from '../audit/record-audit';
import { pageOfRows } from '../page-of-rows';
import { MODE_TYPE_TAKEN, UNKNOWN_MODE, notFound } from './catalogue-errors';
import { Mode } from './mode.entity';
import { ModeType } from './mode-type.entity';

type Create = ParsedRequestOf<typeof modeTypeOperations.create>;
type Update = ParsedRequestOf<typeof modeTypeOperations.update>;

/** Manage Mode Type (SPEC §2): a TL mode and a TR mode under a parent mode, listed with the mode's name. */
export class ModeTypeHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: Pick<OutboxWriter, 'write'>,
  ) {}

  async list(request: PageRequest): Promise<ModeTypePage> {
    const em = this.em();
    return pageOfRows(
      request,
      await em.count(ModeType, {}),
      (limit, offset) => em.find(ModeType, {}, { orderBy: { id: 'asc' }, limit, offset }),
      (modeTypes) => this.present(em, modeTypes),
    );
  }

  async create(request: Create, context: RequestContext): Promise<ModeTypeRecord> {
    return this.writeUnique(async (tx) => {
      await this.requireMode(tx, request.mode_id);
      const modeType = new ModeType({
        topLeft: request.top_left,
        topRight: request.top_right,
        modeId: request.mode_id,
      });
      tx.persist(modeType);
      await tx.flush();
      const [after] = await this.present(tx, [modeType]);
      this.record(tx, context, 'created', null, after!);
      return after!;
    });
  }

  async update(request: Update, context: RequestContext): Promise<ModeTypeRecord> {
    return this.writeUnique(async (tx) => {
      const modeType = await this.find(tx, request.id);
      await this.requireMode(tx, request.mode_id);
      const [before] = await this.present(tx, [modeType]);
      Object.assign(modeType, {
        topLeft: request.top_left,
        topRight: request.top_right,
        modeId: request.mode_id,
      });
      await tx.flush();
      const [after] = await this.present(tx, [modeType]);
      this.record(tx, context, 'updated', before!, after!);
      return after!;
    });
  }

  async delete(request: { id: number }, context: RequestContext): Promise<{ id: number }> {
    return this.writer.write(async (tx) => {
      const modeType = await this.find(tx, request.id);
      const [before] = await this.present(tx, [modeType]);
      tx.remove(modeType);
      this.record(tx, context, 'deleted', before!, null);
      return { id: before!.id };
    });
  }

  private async present(em: EntityManager, modeTypes: ModeType[]): Promise<ModeTypeRecord[]> {
    const modes = await em.find(Mode, { id: { $in: [...new Set(modeTypes.map((type) => type.modeId))] } });
    const modeById = new Map(modes.map((mode) => [mode.id, { id: mode.id, name: mode.name }]));
    return modeTypes.map((type) => ({
      id: type.id,
      top_left: type.topLeft,
      top_right: type.topRight,
      mode_id: type.modeId,
      mode: modeById.get(type.modeId) ?? null,
    }));
  }

  private async find(tx: EntityManager, id: number): Promise<ModeType> {
    const modeType = await tx.findOne(ModeType, { id });
    if (!modeType) throw notFound('Mode type');
    return modeType;
  }

  private async requireMode(tx: EntityManager, id: number): Promise<void> {
    if ((await tx.count(Mode, { id })) === 0) throw invalidInput({ mode_id: [UNKNOWN_MODE] });
  }

  private record(
    tx: EntityManager,
    context: RequestContext,
    action: ChangeAction,
    before: ModeTypeRecord | null,
    after: ModeTypeRecord | null,
  ): void {
    const modeType = (after ?? before)!;
    recordAudit(tx, context, { entity: 'mode_type', entityId: modeType.id, action, before, after });
    recordEvent(tx, catalogueEvents.modeTypeChanged, { action, mode_type: modeType }, context);
  }

  private async writeUnique<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.writer.write(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw invalidInput({ top_left: [MODE_TYPE_TAKEN] });
      throw error;
    }
  }
}

import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  invalidInput,
  recordEvents,
  type AiRecord,
  type AiRecordPage,
  type ParsedRequestOf,
  type RequestContext,
  type aiRecordOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter, callerOf } from '@promptloom/shared';
import { recordListChange } from '../lists/list-events';
import { ListItemRecord, nameKeyOf } from '../lists/list-item.entity';

import { CountCache } from './count-cache';
import { recordFilter } from './record-query';
import { RECORD_COLUMNS, toAiRecord, type RecordRow } from './record-row';
import { type UserNames } from './user-names';

type Req<K extends keyof typeof aiRecordOperations> = ParsedRequestOf<(typeof aiRecordOperations)[K]>;

const RECORD_NOT_FOUND = 'Record not found.';

/** Admin record lists TL/TR/BL (SPEC §2, §7): every user's items, paged, searched and sorted; update; delete. */
export class RecordHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly names: UserNames,
    private readonly schema: string,
  ) {}

  private readonly totals = new CountCache();

  /** After a change is committed, totals counted before it are dropped. */
  private async changed<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    this.totals.clear();
    return result;
  }

  private get table() {
    return `"${this.schema}"."list_items"`;
  }

  async list(request: Req<'list'>, context: RequestContext): Promise<AiRecordPage> {
    const em = this.em();
    const { where, params, orderBy } = recordFilter(request);
    const total = await this.totals.get(JSON.stringify([where, params]), async () => {
      const [counted] = await em.execute<Array<{ total: number }>>(
        `select count(*)::int as "total" from ${this.table} where ${where}`,
        params,
      );
      return counted?.total ?? 0;
    });
    const lastPage = Math.max(1, Math.ceil(total / request.per_page));
    const page = Math.min(request.page, lastPage);
    const rows =
      total === 0
        ? []
        : await em.execute<RecordRow[]>(
            // Deferred join: the page's ids come from an index-only walk past the offset; only those rows are read.
            `select ${RECORD_COLUMNS} from ${this.table} where "id" in (` +
              `select "id" from ${this.table} where ${where} order by ${orderBy} limit ? offset ?` +
              `) order by ${orderBy}`,
            [...params, request.per_page, (page - 1) * request.per_page],
          );
    await this.names.fillMissing(rows, context);
    return {
      data: rows.map(toAiRecord),
      current_page: page,
      last_page: lastPage,
      per_page: request.per_page,
      total,
    };
  }

  async update(request: Req<'update'>, context: RequestContext): Promise<AiRecord> {
    const actor = callerOf(context);
    return this.changed(
      this.writer.write(async (tx) => {
        const before = await this.lockRow(tx, request.family, request.id);
        const after: AiRecord = {
          ...before,
          levels: request.levels ?? before.levels,
          ai_model: request.ai_model === undefined ? before.ai_model : request.ai_model,
          frequency: request.frequency ?? before.frequency,
          ai_response: request.ai_response ?? before.ai_response,
          status: request.status ?? before.status,
        };
        await tx
          .execute(
            `update ${this.table} set "levels" = ?, "ai_model" = ?, "frequency" = ?, "ai_response" = ?,
             "name_key" = ?, "status" = ?, "updated_at" = now() where "id" = ?`,
            [
              after.levels,
              after.ai_model,
              after.frequency,
              after.ai_response,
              nameKeyOf(after.ai_response),
              after.status,
              before.id,
            ],
          )
          .catch(refuseDuplicateName);
        const item = await tx.findOneOrFail(ListItemRecord, { id: before.id });
        await recordListChange(
          tx,
          { userId: before.user_id, family: before.family, jobId: null },
          { changed: [item.toView()] },
          context,
        );
        recordEvent(
          tx,
          recordEvents.aiRecordChanged,
          { action: 'updated', actorId: actor.userId, before, after },
          context,
        );
        return after;
      }),
    );
  }

  async delete(request: Req<'delete'>, context: RequestContext): Promise<{ id: number }> {
    const actor = callerOf(context);
    return this.changed(
      this.writer.write(async (tx) => {
        const before = await this.lockRow(tx, request.family, request.id);
        await tx.execute(`delete from ${this.table} where "id" = ?`, [before.id]);
        await recordListChange(
          tx,
          { userId: before.user_id, family: before.family, jobId: null },
          { removed: [before.id] },
          context,
        );
        recordEvent(
          tx,
          recordEvents.aiRecordChanged,
          { action: 'deleted', actorId: actor.userId, before, after: null },
          context,
        );
        return { id: before.id };
      }),
    );
  }

  async counts(): Promise<{ tl: number; tr: number; bl: number }> {
    const rows = await this.em().execute<Array<{ family: string; count: number }>>(
      `select "family", count(*)::int as "count" from ${this.table} group by "family"`,
    );
    const of = (family: string) => rows.find((row) => row.family === family)?.count ?? 0;
    return { tl: of('tl'), tr: of('tr'), bl: of('bl') };
  }

  private async lockRow(tx: EntityManager, family: string, id: number): Promise<AiRecord> {
    const [row] = await tx.execute<RecordRow[]>(
      `select ${RECORD_COLUMNS} from ${this.table} where "id" = ? and "family" = ? for update`,
      [id, family],
    );
    if (!row) throw new DomainError('NOT_FOUND', RECORD_NOT_FOUND);
    return toAiRecord(row);
  }
}

/** Renaming an item to a name its owner's list already has: the unique index refuses it. */
function refuseDuplicateName(error: unknown): never {
  if (error instanceof UniqueConstraintViolationException) {
    throw invalidInput({ ai_response: ['This list already has this item.'] });
  }
  throw error;
}

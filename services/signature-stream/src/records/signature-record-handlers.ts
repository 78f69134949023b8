import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  recordEvents,
  signatureEvents,
  type ParsedRequestOf,
  type RequestContext,
  type SignatureRecord,
  type signatureRecordOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter, callerOf } from '@promptloom/shared';

import { signatureRecordFilter } from './signature-record-query';
import { SIGNATURE_COLUMNS, toSignature, toSignatureRecord, type SignatureRow } from './signature-record-row';

type Req<K extends keyof typeof signatureRecordOperations> = ParsedRequestOf<
  (typeof signatureRecordOperations)[K]
>;

const RECORD_NOT_FOUND = 'Record not found.';

/** The admin BR screen (SPEC §2, §7): every user's saved signature, paged, searched and sorted; update; delete. */
export class SignatureRecordHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly schema: string,
  ) {}

  private get table() {
    return `"${this.schema}"."signatures"`;
  }

  async list(request: Req<'list'>) {
    const em = this.em();
    const { where, params, orderBy } = signatureRecordFilter(request);
    const [counted] = await em.execute<Array<{ total: number }>>(
      `select count(*)::int as "total" from ${this.table} where ${where}`,
      params,
    );
    const total = counted?.total ?? 0;
    const lastPage = Math.max(1, Math.ceil(total / request.per_page));
    const page = Math.min(request.page, lastPage);
    const rows =
      total === 0
        ? []
        : await em.execute<SignatureRow[]>(
            `select ${SIGNATURE_COLUMNS} from ${this.table} where ${where} order by ${orderBy} limit ? offset ?`,
            [...params, request.per_page, (page - 1) * request.per_page],
          );
    return {
      data: rows.map(toSignatureRecord),
      current_page: page,
      last_page: lastPage,
      per_page: request.per_page,
      total,
    };
  }

  async update(request: Req<'update'>, context: RequestContext): Promise<SignatureRecord> {
    const actor = callerOf(context);
    const after = await this.writer.write(async (tx) => {
      const row = await this.lockRow(tx, request.id);
      const before = toSignatureRecord(row);
      const [updated] = await tx.execute<SignatureRow[]>(
        `update ${this.table} set "username" = ?, "names" = ?::jsonb, "elements" = ?::jsonb, "status" = ?,
         "updated_at" = now() where "id" = ? returning ${SIGNATURE_COLUMNS}`,
        [
          request.username ?? row.username,
          JSON.stringify(request.signature ?? row.names),
          JSON.stringify(request.signatureElements ?? row.elements),
          request.status === undefined ? row.status : String(request.status),
          row.id,
        ],
      );
      const changed = toSignatureRecord(updated!);
      recordEvent(
        tx,
        signatureEvents.signatureChanged,
        { userId: row.user_id, change: 'updated', signature: toSignature(updated!) },
        context,
      );
      recordEvent(
        tx,
        recordEvents.signatureRecordChanged,
        {
          action: 'updated',
          actorId: actor.userId,
          before,
          after: changed,
          at: new Date(updated!.updated_at).toISOString(),
        },
        context,
      );
      return changed;
    });
    return after;
  }

  async delete(request: Req<'delete'>, context: RequestContext): Promise<{ id: number }> {
    const actor = callerOf(context);
    await this.writer.write(async (tx) => {
      const row = await this.lockRow(tx, request.id);
      await tx.execute(`delete from ${this.table} where "id" = ?`, [row.id]);
      recordEvent(
        tx,
        signatureEvents.signatureChanged,
        { userId: row.user_id, change: 'removed', signature: null },
        context,
      );
      recordEvent(
        tx,
        recordEvents.signatureRecordChanged,
        { action: 'deleted', actorId: actor.userId, before: toSignatureRecord(row), after: null },
        context,
      );
    });
    return { id: request.id };
  }

  async counts(): Promise<{ br: number }> {
    const [counted] = await this.em().execute<Array<{ count: number }>>(
      `select count(*)::int as "count" from ${this.table}`,
    );
    return { br: counted?.count ?? 0 };
  }

  private async lockRow(tx: EntityManager, id: number): Promise<SignatureRow> {
    const [row] = await tx.execute<SignatureRow[]>(
      `select ${SIGNATURE_COLUMNS} from ${this.table} where "id" = ? for update`,
      [id],
    );
    if (!row) throw new DomainError('NOT_FOUND', RECORD_NOT_FOUND);
    return row;
  }
}

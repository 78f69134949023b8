import { type EntityManager } from '@mikro-orm/postgresql';
import { signatureRecordOperations } from '@promptloom/proto';
import { type AnswerOperation, type OutboxWriter, type Unsubscribe } from '@promptloom/shared';
import { SignatureRecordHandlers } from './signature-record-handlers';

/** Answers the admin BR record operations (svc.signature.records.*). */
export function serveSignatureRecords(
  on: AnswerOperation,
  em: () => EntityManager,
  writer: OutboxWriter,
  schema: string,
): Promise<Unsubscribe[]> {
  const records = new SignatureRecordHandlers(em, writer, schema);
  const ops = signatureRecordOperations;
  return Promise.all([
    on(ops.list, (request) => records.list(request)),
    on(ops.update, (request, context) => records.update(request, context)),
    on(ops.delete, (request, context) => records.delete(request, context)),
    on(ops.counts, (_request) => records.counts()),
  ]);
}

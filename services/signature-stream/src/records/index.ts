import { type EntityManager } from '@mikro-orm/postgresql';
import { signatureRecordOperations } from '@promptloom/proto';
import { handle, type Bus, type OutboxWriter, type Unsubscribe } from '@promptloom/shared';
import { SignatureRecordHandlers } from './signature-record-handlers';

/** Answers the admin BR record operations (svc.signature.records.*). */
export function serveSignatureRecords(
  bus: Bus,
  em: () => EntityManager,
  writer: OutboxWriter,
  schema: string,
): Promise<Unsubscribe[]> {
  const records = new SignatureRecordHandlers(bus, em, writer, schema);
  const ops = signatureRecordOperations;
  return Promise.all([
    handle(bus, ops.list, (request, context) => records.list(request, context)),
    handle(bus, ops.update, (request, context) => records.update(request, context)),
    handle(bus, ops.delete, (request, context) => records.delete(request, context)),
    handle(bus, ops.counts, (_request, context) => records.counts(context)),
  ]);
}

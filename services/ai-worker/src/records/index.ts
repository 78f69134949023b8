import { type EntityManager } from '@mikro-orm/postgresql';
import { aiRecordOperations } from '@promptloom/proto';
import { type AnswerOperation, type Bus, type OutboxWriter, type Unsubscribe } from '@promptloom/shared';
import { type OfferedModels } from '../provider/offered-models';
import { RecordHandlers } from './record-handlers';
import { regenerateRecord } from './regenerate';
import { UserNames } from './user-names';

/** Answers the admin record operations (svc.ai.records.*) and keeps users' names for them. */
export async function serveAdminRecords(
  on: AnswerOperation,
  bus: Bus,
  em: () => EntityManager,
  writer: OutboxWriter,
  schema: string,
  offered: OfferedModels,
): Promise<Unsubscribe[]> {
  const names = new UserNames(bus, em, schema);
  const records = new RecordHandlers(em, writer, names, schema);
  const ops = aiRecordOperations;
  return [
    ...(await names.follow()),
    ...(await Promise.all([
      on(ops.list, (request, context) => records.list(request, context)),
      on(ops.update, (request, context) => records.update(request, context)),
      on(ops.delete, (request, context) => records.delete(request, context)),
      on(ops.counts, (_request) => records.counts()),
      on(ops.regenerate, (request, context) => regenerateRecord(bus, em, offered, request, context)),
    ])),
  ];
}

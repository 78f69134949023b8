import { Arg, Resolver, Root, Subscription } from 'type-graphql';
import { recordEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { ListFamily } from '../enums';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
import { AdminRecord, RecordChange, SignatureRecord } from './records-types';

type AiChange = PayloadOf<typeof recordEvents.aiRecordChanged>;
type SignatureChange = PayloadOf<typeof recordEvents.signatureRecordChanged>;

function recordChanges(
  context: GraphQLContext,
  family?: ListFamily | null,
): Promise<AsyncIterableIterator<HubEvent<AiChange | SignatureChange>>> {
  if (family === ListFamily.br) return readableEvents(context, recordEvents.signatureRecordChanged);
  return readableEvents(context, recordEvents.aiRecordChanged, {
    accept: (payload) => !family || payload.before.family === family,
  });
}

const isAiChange = (payload: AiChange | SignatureChange): payload is AiChange => 'family' in payload.before;

/** Live admin record tables: each admin update or delete of a TL/TR/BL item or a BR signature as it commits. */
@Resolver()
export class AdminRecordSubscriptions {
  @Subscription(() => RecordChange, {
    description:
      "Admins only: each admin change to a user's record of one family (tl, tr, bl or br), or of tl/tr/bl when no family is given.",
    subscribe: ({ context, args }: { context: GraphQLContext; args: { family?: ListFamily | null } }) => {
      return recordChanges(context, args.family);
    },
  })
  recordChanged(
    @Arg('family', () => ListFamily, { nullable: true }) _family: ListFamily | null,
    @Root() event: HubEvent<AiChange | SignatureChange>,
  ): RecordChange {
    const payload = event.payload;
    const common = {
      action: payload.action,
      id: payload.before.id,
      actorId: payload.actorId,
      sequence: event.sequence,
    };
    if (isAiChange(payload)) {
      return Object.assign(new RecordChange(), common, {
        family: payload.before.family,
        record: payload.after ? AdminRecord.from(payload.after) : null,
        signatureRecord: null,
      });
    }
    return Object.assign(new RecordChange(), common, {
      family: ListFamily.br,
      record: null,
      signatureRecord: payload.after ? SignatureRecord.from(payload.after) : null,
    });
  }
}

import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_PROMPT_TARGET,
  MAX_ITEM_MARKS,
  TargetInput,
  defaultStreamSettings,
  invalidInput,
  mergeMarks,
  signatureEvents,
  type ParsedRequestOf,
  type RequestContext,
  type StreamSettings,
  type streamOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { StreamSettingsRecord } from './stream-settings.entity';

type Update = ParsedRequestOf<(typeof streamOperations)['updateSettings']>;

/** The Stream page's target and item marks, kept per user so they follow the user across devices. */
export class StreamSettingsHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
  ) {}

  async get(userId: number): Promise<StreamSettings> {
    const row = await this.em().findOne(StreamSettingsRecord, { userId });
    return row ? viewOf(row) : defaultStreamSettings(userId);
  }

  /** Read-modify-write under a row lock, so two devices changing marks at once both count. */
  async update(request: Update, context: RequestContext): Promise<StreamSettings> {
    const { userId } = request;
    return this.writer.write(async (tx) => {
      await tx
        .getConnection()
        .execute(
          `insert into "${tx.config.get('schema')}"."stream_settings" ("user_id", "target") values (?, ?) on conflict do nothing`,
          [userId, DEFAULT_PROMPT_TARGET],
          'run',
          tx.getTransactionContext(),
        );
      const row = await tx.findOneOrFail(
        StreamSettingsRecord,
        { userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const marks = mergeMarks(row.marks, request.marks);
      if (marks.length > MAX_ITEM_MARKS)
        throw invalidInput({ marks: [`You can mark at most ${MAX_ITEM_MARKS} items.`] });
      if (request.target) row.target = request.target;
      row.marks = marks;
      if (request.parameters) row.parameters = request.parameters;
      row.version += 1;
      row.updatedAt = new Date();
      await tx.flush();
      const settings = viewOf(row);
      recordEvent(tx, signatureEvents.streamSettingsChanged, { userId, settings }, context);
      return settings;
    });
  }
}

/** A target no longer offered (renamed in a later version) reads as the default. */
function viewOf(row: StreamSettingsRecord): StreamSettings {
  const target = TargetInput.safeParse(row.target);
  return { ...row.toView(), target: target.success ? target.data : DEFAULT_PROMPT_TARGET };
}

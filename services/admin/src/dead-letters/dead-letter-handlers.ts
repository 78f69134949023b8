import {
  type DeadLetterRecord,
  type RequestContext,
  type deadLetterOperations,
  type ParsedRequestOf,
} from '@promptloom/proto';
import { type Bus, type DeadLetter } from '@promptloom/shared';
import { type AdminGuard } from '../users/admin-guard';

type Req<K extends keyof typeof deadLetterOperations> = ParsedRequestOf<(typeof deadLetterOperations)[K]>;

/** The bus's dead letters for admins: list them, and put a dead job back on its queue. */
export class DeadLetterHandlers {
  constructor(
    private readonly bus: Bus,
    private readonly guard: AdminGuard,
  ) {}

  async list(request: Req<'list'>, context: RequestContext) {
    await this.guard.requireAdmin(context);
    // One more than asked tells whether another page follows.
    const letters = await this.bus.deadLetters({
      afterSequence: request.after_sequence,
      limit: request.limit + 1,
    });
    const items = letters.slice(0, request.limit).map(toRecord);
    return { items, next_after: letters.length > request.limit ? items[items.length - 1]!.sequence : null };
  }

  async retry(request: Req<'retry'>, context: RequestContext): Promise<DeadLetterRecord> {
    await this.guard.requireAdmin(context);
    return toRecord(await this.bus.retryDeadLetter(request.sequence));
  }
}

function toRecord(letter: DeadLetter): DeadLetterRecord {
  return {
    sequence: letter.sequence,
    kind: letter.kind,
    source: letter.source,
    id: letter.id,
    reason: letter.reason,
    attempts: letter.attempts,
    dead_at: letter.deadAt,
    user_id: letter.context.actor?.userId ?? null,
    request_id: letter.context.requestId ?? null,
  };
}

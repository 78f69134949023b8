import {
  type DeadLetterRecord,
  type RequestContext,
  type deadLetterOperations,
  type ParsedRequestOf,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { type AdminGuard } from '../users/admin-guard';
import { deadLetterPage, deadLetterRecord } from './dead-letter-records';

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
    return deadLetterPage(letters, request.limit);
  }

  async retry(request: Req<'retry'>, context: RequestContext): Promise<DeadLetterRecord> {
    await this.guard.requireAdmin(context);
    return deadLetterRecord(await this.bus.retryDeadLetter(request.sequence));
  }
}

import { type DeadLetterRecord, type deadLetterOperations, type ParsedRequestOf } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { deadLetterPage, deadLetterRecord } from './dead-letter-records';

type Req<K extends keyof typeof deadLetterOperations> = ParsedRequestOf<(typeof deadLetterOperations)[K]>;

/** The bus's dead letters for admins: list them, and put a dead job back on its queue. */
export class DeadLetterHandlers {
  constructor(private readonly bus: Bus) {}

  async list(request: Req<'list'>) {
    // One more than asked tells whether another page follows.
    const letters = await this.bus.deadLetters({
      afterSequence: request.after_sequence,
      limit: request.limit + 1,
    });
    return deadLetterPage(letters, request.limit);
  }

  async retry(request: Req<'retry'>): Promise<DeadLetterRecord> {
    return deadLetterRecord(await this.bus.retryDeadLetter(request.sequence));
  }
}

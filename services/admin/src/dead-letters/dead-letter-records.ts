import { type DeadLetterRecord } from '@promptloom/proto';
import { type DeadLetter } from '@promptloom/shared';

/** A dead letter as admins see it: who sent it and in which request, from the context it carried. */
export function deadLetterRecord(letter: DeadLetter): DeadLetterRecord {
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

/**
 * One page of at most `limit` letters, from letters read one past it: that one more tells whether another page
 * follows, which then starts after this page's last sequence.
 */
export function deadLetterPage(
  letters: readonly DeadLetter[],
  limit: number,
): { items: DeadLetterRecord[]; next_after: number | null } {
  const items = letters.slice(0, limit).map(deadLetterRecord);
  const more = letters.length > limit && items.length > 0;
  return { items, next_after: more ? items[items.length - 1]!.sequence : null };
}

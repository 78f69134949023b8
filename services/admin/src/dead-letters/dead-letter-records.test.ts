import { type DeadLetter } from '@promptloom/shared';
import { deadLetterPage, deadLetterRecord } from './dead-letter-records';

const letter = (sequence: number, context: DeadLetter['context'] = {}): DeadLetter => ({
  sequence,
  kind: 'job',
  source: 'jobs.ai.generate',
  id: `job-${sequence}`,
  reason: 'The AI provider refused the request.',
  attempts: 5,
  deadAt: '2026-11-27T12:00:00.000Z',
  context,
});

describe('deadLetterRecord', () => {
  it('shows a letter with the user and request it came from', () => {
    const record = deadLetterRecord(
      letter(7, { requestId: 'req-1', actor: { userId: 42, role: 'user', sessionId: undefined } }),
    );
    expect(record).toEqual({
      sequence: 7,
      kind: 'job',
      source: 'jobs.ai.generate',
      id: 'job-7',
      reason: 'The AI provider refused the request.',
      attempts: 5,
      dead_at: '2026-11-27T12:00:00.000Z',
      user_id: 42,
      request_id: 'req-1',
    });
  });

  it('shows no user or request for a letter sent with neither (a background job)', () => {
    expect(deadLetterRecord(letter(1))).toMatchObject({ user_id: null, request_id: null });
  });
});

describe('deadLetterPage', () => {
  it('gives the first `limit` letters and, when one more was read, the sequence the next page starts after', () => {
    const page = deadLetterPage([letter(3), letter(5), letter(9)], 2);
    expect(page.items.map((record) => record.sequence)).toEqual([3, 5]);
    expect(page.next_after).toBe(5);
  });

  it('says no page follows when no more than `limit` letters were read', () => {
    expect(deadLetterPage([letter(3), letter(5)], 2).next_after).toBeNull();
    expect(deadLetterPage([letter(3)], 2)).toMatchObject({ next_after: null, items: [{ sequence: 3 }] });
  });

  it('gives an empty page when there are no dead letters', () => {
    expect(deadLetterPage([], 50)).toEqual({ items: [], next_after: null });
  });
});

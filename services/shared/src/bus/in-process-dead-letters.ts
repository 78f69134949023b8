import { type DeadLetter, type DeadLetterQuery } from './bus';
import { deadLetterNotFound, resolveDeadLetterQuery } from './dead-letter-query';

/** A dead letter with what it carried (JSON text, or the unreadable text itself). */
export interface StoredDeadLetter extends DeadLetter {
  payload: string;
}

/** The in-process dead-letter stream: kept until retried, newest beyond `capacity` dropping the oldest. */
export class InProcessDeadLetters {
  private readonly letters: StoredDeadLetter[] = [];
  private nextSequence = 1;
  /** Keys already stored: one message moved aside by several subscribers is stored once. */
  private readonly keys = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  add(key: string, letter: Omit<StoredDeadLetter, 'sequence' | 'deadAt'>): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    const stored = { ...letter, sequence: this.nextSequence++, deadAt: new Date().toISOString() };
    this.letters.push(stored);
    if (this.letters.length > this.capacity) this.letters.shift();
  }

  get size(): number {
    return this.letters.length;
  }

  list(query?: DeadLetterQuery): DeadLetter[] {
    const { after, limit } = resolveDeadLetterQuery(query);
    return this.letters
      .filter((letter) => letter.sequence > after)
      .slice(0, limit)
      .map(({ payload: _payload, ...letter }) => structuredClone(letter));
  }

  get(sequence: number): StoredDeadLetter {
    const letter = this.letters.find((candidate) => candidate.sequence === sequence);
    if (!letter) throw deadLetterNotFound(sequence);
    return letter;
  }

  remove(sequence: number): void {
    const index = this.letters.findIndex((candidate) => candidate.sequence === sequence);
    if (index >= 0) this.letters.splice(index, 1);
  }
}

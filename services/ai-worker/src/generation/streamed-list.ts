import { itemKey, listReplyAsLines, listReplySchemaOf, type ListFamily } from '@promptloom/proto';
import { Allow, parse as parsePartialJson } from 'partial-json';
import { cleanListReply, type CleanedItem } from './reply-cleaning';

export interface StreamedListInput {
  family: ListFamily;
  frequency: number;
  seeds?: readonly string[];
  /** Items the user already has (and those this run stored before): never given again. */
  existing: readonly string[];
  /** How many items this run may still store. */
  limit: number;
}

/** Keeps the first items in order where the rules would pick a random subset: streamed items never change. */
const FIRST_IN_ORDER = () => 0;

/**
 * Reads a reply while it streams and gives each item once it is complete — a finished line of a text reply, a
 * finished string of a JSON one — cleaned by the SPEC §5 rules (1–29 characters, no duplicates, at most `limit`).
 * The rules run on the whole complete part each time, so an item given out is never taken back.
 */
export class StreamedList {
  private text = '';
  private readonly given = new Set<string>();
  private count = 0;

  constructor(private readonly input: StreamedListInput) {}

  /** The items that became complete with `delta`. */
  add(delta: string): CleanedItem[] {
    this.text += delta;
    return this.take(this.completePart());
  }

  /** The items left once the reply ended; `content` is the whole reply when nothing was streamed. */
  finish(content: string): CleanedItem[] {
    if (this.text === '') this.text = content;
    if (this.isJson()) {
      const parsed = this.parsedWhole();
      return parsed === null ? [] : this.take(parsed);
    }
    return this.take(this.text);
  }

  /** A JSON reply that did not match its schema once complete: worth asking again. */
  get malformed(): boolean {
    return this.isJson() && this.parsedWhole() === null;
  }

  get stored(): number {
    return this.count;
  }

  private isJson(): boolean {
    return this.text.trimStart().startsWith('{');
  }

  private parsedWhole(): string | null {
    try {
      const parsed = listReplySchemaOf(this.input.family).safeParse(JSON.parse(this.text));
      return parsed.success ? listReplyAsLines(parsed.data) : null;
    } catch {
      return null;
    }
  }

  private completePart(): string {
    if (!this.isJson()) return this.text.slice(0, this.text.lastIndexOf('\n') + 1);
    return linesOfPartial(completedJson(this.text));
  }

  private take(reply: string): CleanedItem[] {
    if (reply === '' || this.count >= this.input.limit) return [];
    const existing = new Set(this.input.existing.map(itemKey));
    const fresh = cleanListReply({
      family: this.input.family,
      reply,
      frequency: this.input.frequency,
      seeds: this.input.seeds,
      existing: this.input.existing,
      random: FIRST_IN_ORDER,
    }).filter((item) => !existing.has(itemKey(item.text)) && !this.given.has(itemKey(item.text)));
    const taken = fresh.slice(0, this.input.limit - this.count);
    for (const item of taken) this.given.add(itemKey(item.text));
    this.count += taken.length;
    return taken;
  }
}

/**
 * The part of a JSON reply streamed so far that is already complete, as a value: open objects and arrays are closed,
 * and the string (or number, or literal) still being written is left out, so `{"items":["Alpha","Be` reads as
 * `{"items":["Alpha"]}` and no item is given half-written. Undefined when the text is not JSON.
 */
function completedJson(text: string): unknown {
  try {
    return parsePartialJson(text, Allow.OBJ | Allow.ARR);
  } catch {
    return undefined;
  }
}

/** The complete part of a JSON reply as lines, leniently: only strings count, a category needs its items. */
function linesOfPartial(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  const record = value as { items?: unknown; categories?: unknown };
  if (Array.isArray(record.categories)) {
    return record.categories
      .filter((category): category is { name: string; items: unknown } => typeof category?.name === 'string')
      .map((category) => `${category.name}: ${strings(category.items).join(', ')}`)
      .join('\n');
  }
  return strings(record.items).join('\n');
}

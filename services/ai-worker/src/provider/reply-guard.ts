import { type ChatResponse } from '@promptloom/proto';

/** The most of a reply the worker keeps: a list reply is a few KB, so anything near this is a faulty provider. */
export const MAX_REPLY_CHARS = 100_000;

/** U+FFFD: what a UTF-8 decoder puts where the provider sent bytes that are not UTF-8. */
const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * Takes a reply piece by piece and keeps at most MAX_REPLY_CHARS of it, noting why it was altered: cut at the limit,
 * or invalid UTF-8 (replaced by the decoder; the cleaning then drops it). Never the raw reply past the limit.
 */
export class ReplyGuard {
  private length = 0;
  issue: ChatResponse['replyIssue'];

  constructor(private readonly limit = MAX_REPLY_CHARS) {}

  /** The part of `delta` within the limit ('' once full). */
  add(delta: string): string {
    const room = this.limit - this.length;
    const piece = delta.length > room ? delta.slice(0, room) : delta;
    // Reaching the limit counts as cut: the rest of the reply is not read.
    if (delta.length > 0 && delta.length >= room) this.issue = 'too_large';
    else if (piece.includes(REPLACEMENT_CHARACTER)) this.issue ??= 'invalid_utf8';
    this.length += piece.length;
    return piece;
  }

  get full(): boolean {
    return this.length >= this.limit;
  }
}

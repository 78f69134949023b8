import { findMidjourneyParameter, type ParameterValue } from './midjourney-parameters';

export interface Token {
  text: string;
  start: number;
  end: number;
}

/** A `--name` flag with the tokens that follow it up to the next flag. */
export interface FlagGroup {
  token: Token;
  /** The name without its dashes, as written. */
  name: string;
  /** How it was dashed: '--', or a long dash that autocorrect made of two hyphens. */
  dash: string;
  following: Token[];
}

export interface ScannedPrompt {
  /** The words before the first flag. */
  words: Token[];
  flags: FlagGroup[];
}

const FLAG = /^(--|—|–|−)([A-Za-z][\w.]*)$/u;
const TOKEN = /\S+/gu;

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN))
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  return tokens;
}

/** Splits a prompt into the words before its first flag and each flag with what follows it. */
export function scanFlags(text: string): ScannedPrompt {
  const words: Token[] = [];
  const flags: FlagGroup[] = [];
  for (const token of tokensOf(text)) {
    const flag = FLAG.exec(token.text);
    if (flag) flags.push({ token, dash: flag[1]!, name: flag[2]!, following: [] });
    else if (flags.length > 0) flags[flags.length - 1]!.following.push(token);
    else words.push(token);
  }
  return { words, flags };
}

const VALUE_LIKE = /^(?:[-+]?\d*\.?\d+(?::\d+)?|\d+:\d+|https?:\/\/\S+|[a-z]{1,6}|\d+)$/iu;

/**
 * How many of the tokens after a flag are its value: all of them for a list (`--no a, b`, `--sref a b`), one
 * for a single value, none for a switch. An unknown flag takes one token if it looks like a value.
 */
export function valueCount(group: FlagGroup, value: ParameterValue | null): number {
  const count = group.following.length;
  if (!value) {
    const known = findMidjourneyParameter(group.name);
    if (known) value = Object.values(known.versions)[0] ?? null;
  }
  if (!value) return count > 0 && VALUE_LIKE.test(group.following[0]!.text) ? 1 : 0;
  switch (value.kind) {
    case 'none':
      return 0;
    case 'words':
    case 'references':
      return count;
    default:
      return Math.min(count, 1);
  }
}

/** Distance between two short names, for "did you mean". */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

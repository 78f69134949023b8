/*
 * OpenAI CLIP's tokenizer (simple_tokenizer.py), the text side Stable Diffusion and Flux use for CLIP:
 *   - the text is split into words, numbers and punctuation by CLIP's pattern (whitespace only separates them);
 *   - each piece is lower-cased and written as UTF-8 bytes, each byte as one printable character;
 *   - the pieces are merged pairwise by rank (byte-pair encoding); the last piece of a word ends in `</w>`.
 * The merges are proto/assets/clip-merges.txt (scripts/trim-clip-vocabulary.mjs). HTML entities and ftfy's text
 * repairs, which the Python tokenizer applies first, are left out: a prompt rarely has them.
 */

/** The pattern of simple_tokenizer.py, matched on the original text so offsets hold. */
const PATTERN = /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/giu;
const MARKERS = ['<|startoftext|>', '<|endoftext|>'];
const END_OF_WORD = '</w>';
const utf8 = new TextEncoder();

/**
 * GPT-2's table of every byte as a printable character: printable ASCII and Latin-1 stand for themselves, the
 * other bytes are moved past 255. In CLIP's order, which is the vocabulary's: the printable ones first.
 */
function byteCharacters(): Array<[byte: number, char: string]> {
  const printable = (byte: number) =>
    (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
  const bytes = Array.from({ length: 256 }, (_, byte) => byte);
  return [
    ...bytes.filter(printable).map((byte): [number, string] => [byte, String.fromCharCode(byte)]),
    ...bytes
      .filter((byte) => !printable(byte))
      .map((byte, moved): [number, string] => [byte, String.fromCharCode(256 + moved)]),
  ];
}

/** A token of the text: its vocabulary entry and the character where its word begins. */
export interface ClipToken {
  piece: string;
  /** The UTF-16 offset in the text of the token's first character (inside its word when a word splits). */
  start: number;
}

export class ClipBpe {
  /** Each byte's character, by byte. */
  private readonly bytes: string[] = [];
  private readonly ranks = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  private readonly cache = new Map<string, string[]>();

  /** `merges`: the merges file, a header line and then one merge a line ('t h', 'th e</w>'), best first. */
  constructor(merges: string) {
    const table = byteCharacters();
    for (const [byte, char] of table) this.bytes[byte] = char;
    const lines = merges.split('\n').slice(1).filter(Boolean);
    // The vocabulary: the bytes, the bytes ending a word, the merges' results, then the two markers.
    const chars = table.map(([, char]) => char);
    const vocabulary = [...chars, ...chars.map((char) => char + END_OF_WORD)];
    lines.forEach((line, rank) => {
      this.ranks.set(line, rank);
      vocabulary.push(line.replace(' ', ''));
    });
    vocabulary.push(...MARKERS);
    vocabulary.forEach((entry, id) => this.ids.set(entry, id));
  }

  /** The tokens of `text`, in order. */
  tokenize(text: string): ClipToken[] {
    const tokens: ClipToken[] = [];
    for (const match of text.matchAll(PATTERN)) {
      const word = match[0].toLowerCase();
      let byteOffset = 0;
      for (const piece of this.bpe(word)) {
        tokens.push({ piece, start: match.index + Math.min(match[0].length, charOffset(word, byteOffset)) });
        byteOffset += piece.endsWith(END_OF_WORD) ? piece.length - END_OF_WORD.length : piece.length;
      }
    }
    return tokens;
  }

  /** The vocabulary ids of `text`'s tokens, without the start and end markers. */
  encode(text: string): number[] {
    return this.tokenize(text).map((token) => this.ids.get(token.piece)!);
  }

  /** The pieces of one lower-cased word. */
  private bpe(word: string): string[] {
    if (MARKERS.includes(word)) return [word];
    const cached = this.cache.get(word);
    if (cached) return cached;
    const parts = Array.from(utf8.encode(word), (byte) => this.bytes[byte]!);
    parts[parts.length - 1] += END_OF_WORD;
    for (;;) {
      let best = -1;
      let bestRank = Infinity;
      for (let index = 0; index < parts.length - 1; index++) {
        const rank = this.ranks.get(`${parts[index]} ${parts[index + 1]}`);
        if (rank !== undefined && rank < bestRank) [best, bestRank] = [index, rank];
      }
      if (best < 0) break;
      // Every occurrence of the best pair is merged in one pass, left to right, as the original does.
      const [first, second] = [parts[best]!, parts[best + 1]!];
      const merged: string[] = [];
      for (let index = 0; index < parts.length; index++) {
        if (parts[index] === first && parts[index + 1] === second) {
          merged.push(first + second);
          index++;
        } else merged.push(parts[index]!);
      }
      parts.splice(0, parts.length, ...merged);
    }
    this.cache.set(word, parts);
    return parts;
  }
}

/** The UTF-16 offset in `word` of its `byteOffset`-th UTF-8 byte. */
function charOffset(word: string, byteOffset: number): number {
  let bytes = 0;
  let offset = 0;
  for (const char of word) {
    if (bytes >= byteOffset) break;
    bytes += utf8.encode(char).length;
    offset += char.length;
  }
  return offset;
}

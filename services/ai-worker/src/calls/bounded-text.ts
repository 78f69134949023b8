import { AI_CALL_TEXT_MAX_BYTES } from '@promptloom/proto';

const CUT_MARK = '\n[… cut: longer than 64 KB]';

/** The text as recorded: at most AI_CALL_TEXT_MAX_BYTES of UTF-8 (cut on a character boundary, marked). */
export function boundedText(text: string): { text: string; cut: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= AI_CALL_TEXT_MAX_BYTES) return { text, cut: false };
  // Decoding a cut in the middle of a character yields U+FFFD at the end: dropped.
  const head = bytes
    .subarray(0, AI_CALL_TEXT_MAX_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/u, '');
  return { text: `${head}${CUT_MARK}`, cut: true };
}

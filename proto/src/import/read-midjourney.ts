import { scanFlags, valueCount } from '../targets/flags';
import { findMidjourneyParameter } from '../targets/midjourney-parameters';
import type { PromptTarget } from '../targets/targets';
import type { ImportedParameter, ImportedPhrase } from './imported-prompt';
import { chunksOf } from './prompt-chunks';
import { midjourneyWeightStep } from './weight-steps';

const URL = /^(?:https?:\/\/|<https?:\/\/)\S+$/iu;
const MULTI_PROMPT = /::\s*(-?\d*\.?\d+)?/gu;

export interface MidjourneyReading {
  phrases: ImportedPhrase[];
  parameters: ImportedParameter[];
  target: PromptTarget;
  ignored: string[];
  notes: string[];
}

/** The prompt text as multi-prompt parts (`cat::2 dog`), each part's phrases weighted by its `::` weight. */
function readMultiPrompt(text: string): ImportedPhrase[] {
  const phrases: ImportedPhrase[] = [];
  let start = 0;
  for (const separator of text.matchAll(MULTI_PROMPT)) {
    const part = text.slice(start, separator.index);
    const step = separator[1] === undefined ? 0 : midjourneyWeightStep(Number(separator[1]));
    phrases.push(...(step === 'avoid' ? chunksOf(part, 0, true) : chunksOf(part, step, false)));
    start = separator.index + separator[0].length;
  }
  phrases.push(...chunksOf(text.slice(start), 0, false));
  return phrases;
}

function targetOf(version: string | null, niji: string | null, notes: string[]): PromptTarget {
  if (niji !== null) {
    if (niji !== '6' && niji !== '') notes.push(`Niji ${niji} is not a target here; Niji 6 is chosen.`);
    return 'niji-6';
  }
  if (version === '6.1') return 'midjourney-6.1';
  if (version === '7') return 'midjourney-7';
  if (version !== null && version !== '6' && version !== '6.0')
    notes.push(`Midjourney v${version} is not a target here; Midjourney v6 is chosen.`);
  return 'midjourney-6';
}

/** A Midjourney prompt: image URLs, the text with its `::` weights, `--no` words, the version and the rest. */
export function readMidjourney(text: string): MidjourneyReading {
  const scanned = scanFlags(text);
  const ignored: string[] = [];
  const notes: string[] = [];
  const firstFlag = scanned.flags[0]?.token.start ?? text.length;
  const words = scanned.words.filter((word) => {
    if (!URL.test(word.text)) return true;
    ignored.push(word.text);
    return false;
  });
  const body = words.length > 0 ? text.slice(words[0]!.start, firstFlag) : '';
  const phrases = readMultiPrompt(body.replace(/\S*https?:\/\/\S+/giu, ' '));
  const parameters: ImportedParameter[] = [];
  let version: string | null = null;
  let niji: string | null = null;
  for (const group of scanned.flags) {
    const known = findMidjourneyParameter(group.name);
    const count = valueCount(group, null);
    const value = group.following
      .slice(0, count)
      .map((token) => token.text)
      .join(' ');
    ignored.push(...group.following.slice(count).map((token) => token.text));
    if (known?.name === 'no') phrases.push(...chunksOf(value, 0, true));
    else if (known?.name === 'v') version = value;
    else if (known?.name === 'niji') niji = value;
    else parameters.push({ flag: `--${known?.name ?? group.name}`, value, label: known?.label ?? null });
  }
  return { phrases, parameters, target: targetOf(version, niji, notes), ignored, notes };
}

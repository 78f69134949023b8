/**
 * A run of the text an encoder is given, with the prompt character each of its characters comes from (so a place
 * in the run is a place in the prompt).
 */
export interface ReadRun {
  text: string;
  offsets: number[];
}

/** AUTOMATIC1111's pattern (modules/prompt_parser.py, `re_attention`); ComfyUI reads the same syntax. */
const ATTENTION = /\\\(|\\\)|\\\[|\\\]|\\\\|\\|\(|\[|:\s*([+-]?[.\d]+)\s*\)|\)|\]|[^\\()[\]:]+|:/gu;
/** `<lora:name:0.8>` and the like: extra networks, taken out before the text is read. */
const EXTRA_NETWORK = /<\w+:[^>]+>/gu;

/** A weight as written; one that is not a number ('1.2.3') counts as none, for grouping. */
const factorOf = (weight: string): number => (Number.isFinite(Number(weight)) ? Number(weight) : 1);

/**
 * The text a Stable Diffusion / Flux runner hands its text encoder, as AUTOMATIC1111 reads a prompt: emphasis
 * brackets and `:1.2` weights are syntax, not words; `\(` is a literal parenthesis; `<lora:…>` is no text. Each run
 * has one weight, and the runner tokenizes runs apart, so `(castle:1.2), fog` is read as `castle` and `, fog`.
 */
export function readWeightedText(prompt: string): ReadRun[] {
  const chars: Array<{ char: string; offset: number; weight: number }> = [];
  const round: number[] = [];
  const square: number[] = [];
  const multiply = (from: number | undefined, factor: number) => {
    for (let index = from ?? chars.length; index < chars.length; index++) chars[index]!.weight *= factor;
  };
  const text = prompt.replace(EXTRA_NETWORK, (network) => '\0'.repeat(network.length));
  for (const match of text.matchAll(ATTENTION)) {
    const [written, weight] = match;
    if (written.startsWith('\\')) {
      if (written.length > 1) chars.push({ char: written[1]!, offset: match.index + 1, weight: 1 });
    } else if (written === '(') round.push(chars.length);
    else if (written === '[') square.push(chars.length);
    else if (weight !== undefined && round.length > 0) multiply(round.pop(), factorOf(weight));
    else if (written === ')' && round.length > 0) multiply(round.pop(), 1.1);
    else if (written === ']' && square.length > 0) multiply(square.pop(), 1 / 1.1);
    else
      for (let index = 0; index < written.length; index++)
        if (written[index] !== '\0')
          chars.push({ char: written[index]!, offset: match.index + index, weight: 1 });
  }
  for (const from of round) multiply(from, 1.1);
  for (const from of square) multiply(from, 1 / 1.1);

  const runs: ReadRun[] = [];
  let weight = NaN;
  for (const { char, offset, weight: charWeight } of chars) {
    if (charWeight !== weight || runs.length === 0) runs.push({ text: '', offsets: [] });
    weight = charWeight;
    const run = runs[runs.length - 1]!;
    run.text += char;
    run.offsets.push(offset);
  }
  return runs;
}

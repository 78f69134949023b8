/*
 * Stable Diffusion emphasis as the runners read it (see ../targets/sd-syntax.ts): `(words:1.3)`, `(words)` ×1.1,
 * `[words]` ÷1.1, nested ones multiply, `\(` is a literal parenthesis, `<lora:…>` is not prompt text.
 */

/** A run of text with the attention multiplier it is read with. */
export interface WeightedRun {
  text: string;
  weight: number;
}

const EMPHASIS = 1.1;
const EXPLICIT_WEIGHT = /:\s*(-?\d*\.?\d+)\s*$/u;

interface Frame {
  close: ')' | ']' | null;
  runs: WeightedRun[];
  text: string;
}

const flush = (frame: Frame) => {
  if (frame.text !== '') frame.runs.push({ text: frame.text, weight: 1 });
  frame.text = '';
};

/** Closes `frame` into `parent`: its runs multiplied by the frame's weight (explicit `:1.3` or the bracket's). */
function closeInto(frame: Frame, parent: Frame) {
  flush(frame);
  let factor = frame.close === ']' ? 1 / EMPHASIS : EMPHASIS;
  const last = frame.runs[frame.runs.length - 1];
  const explicit = frame.close === ')' && last ? EXPLICIT_WEIGHT.exec(last.text) : null;
  if (explicit && last) {
    factor = Number(explicit[1]);
    last.text = last.text.slice(0, explicit.index);
  }
  flush(parent);
  for (const run of frame.runs) parent.runs.push({ text: run.text, weight: run.weight * factor });
}

/**
 * The text as runs of equal weight, in order. Lenient where a runner would complain (the checker reports that):
 * an unclosed bracket closes at the end, a stray closing one is dropped. Iterative, so deep nesting is safe.
 */
export function readSdWeights(text: string): { runs: WeightedRun[]; loras: string[] } {
  const loras: string[] = [];
  const stripped = text.replace(/<\s*(?:lora|lyco|hypernet)\s*:[^>]*>/giu, (lora) => {
    loras.push(lora.trim());
    return ',';
  });
  const stack: Frame[] = [{ close: null, runs: [], text: '' }];
  const top = () => stack[stack.length - 1]!;
  for (let index = 0; index < stripped.length; index++) {
    const char = stripped[index]!;
    if (char === '\\' && index + 1 < stripped.length) {
      top().text += stripped[++index];
    } else if (char === '(' || char === '[') {
      flush(top());
      stack.push({ close: char === '(' ? ')' : ']', runs: [], text: '' });
    } else if ((char === ')' || char === ']') && stack.length > 1 && top().close === char) {
      const frame = stack.pop()!;
      closeInto(frame, top());
    } else if (char === ')' || char === ']') {
      top().text += ' ';
    } else {
      top().text += char;
    }
  }
  while (stack.length > 1) {
    const frame = stack.pop()!;
    closeInto(frame, top());
  }
  flush(stack[0]!);
  return { runs: stack[0]!.runs, loras };
}

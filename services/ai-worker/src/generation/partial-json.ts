/**
 * The part of a JSON text streamed so far that is already complete, as a value: the text cut after the last
 * complete string, number-free array element or closed container, with the open containers closed. `{"items":
 * ["Alpha","Be` reads as `{"items":["Alpha"]}`. Undefined when nothing is complete yet or the text is not JSON.
 */
export function completedJsonPrefix(text: string): unknown {
  const stack: Array<'{' | '['> = [];
  // Inside an object: whether the next string is a key (true) or a value.
  const expectKey: boolean[] = [];
  let cut = -1;
  let closersAtCut = '';
  let inString = false;
  let escaped = false;
  const markComplete = (end: number) => {
    cut = end;
    closersAtCut = stack
      .map((open) => (open === '{' ? '}' : ']'))
      .reverse()
      .join('');
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') {
        inString = false;
        const top = stack.length - 1;
        if (stack[top] === '{' && expectKey[top]) expectKey[top] = false;
        else markComplete(index + 1);
      }
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      stack.push(char);
      expectKey.push(char === '{');
    } else if (char === '}' || char === ']') {
      stack.pop();
      expectKey.pop();
      markComplete(index + 1);
    } else if (char === ',' && stack[stack.length - 1] === '{') expectKey[stack.length - 1] = true;
  }
  if (cut < 0) return undefined;
  try {
    return JSON.parse(text.slice(0, cut) + closersAtCut);
  } catch {
    return undefined;
  }
}

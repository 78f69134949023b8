/** How deeply a GraphQL document may nest braces, brackets and parentheses before it is parsed. */
export const MAX_DOCUMENT_NESTING = 64;

/**
 * The deepest nesting of `{`, `[` and `(` in a GraphQL document, outside strings and comments, stopping as soon as
 * it passes `limit`. graphql-js parses recursively, so 5,000 nested braces overflowed the stack before this check.
 */
export function documentNesting(document: string, limit = MAX_DOCUMENT_NESTING): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < document.length; index++) {
    const character = document[index];
    if (character === '#') {
      const end = document.indexOf('\n', index);
      index = end < 0 ? document.length : end;
    } else if (character === '"') {
      index = endOfString(document, index);
    } else if (character === '{' || character === '[' || character === '(') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (character === '}' || character === ']' || character === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** The index of the closing quote of the string (or block string) opening at `start`. */
function endOfString(document: string, start: number): number {
  if (document.startsWith('"""', start)) {
    const end = document.indexOf('"""', start + 3);
    return end < 0 ? document.length : end + 2;
  }
  for (let index = start + 1; index < document.length; index++) {
    if (document[index] === '\\') index += 1;
    else if (document[index] === '"' || document[index] === '\n') return index;
  }
  return document.length;
}

import { invalidInput, type FieldErrors } from './errors';

/** How deeply a request body may nest objects and arrays; no form of this product nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

// C0 controls (tab, line feed and carriage return are text) and DEL. NUL in particular breaks PostgreSQL.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one: not encodable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_REPORTED_FIELDS = 10;

/** Why `text` cannot be stored as text, or null when it can. `label` names the field as a person reads it. */
export function textProblem(text: string, label: string): string | null {
  if (LONE_SURROGATE.test(text))
    return `The ${label} field contains an invalid character (a lone surrogate).`;
  if (CONTROL_CHARACTER.test(text)) return `The ${label} field must not contain control characters.`;
  return null;
}

/**
 * Every string (and object key) in `input` that is not valid text, and any nesting deeper than `maxDepth`, as
 * `{ field: [message] }` with dotted paths (`body` for the root), or null when the input is clean. Iterative, so a
 * hostile nesting cannot exhaust the stack.
 */
export function findUnsafeText(input: unknown, maxDepth = MAX_INPUT_DEPTH): FieldErrors | null {
  const fields: FieldErrors = {};
  let reported = 0;
  const report = (path: string[], message: string) => {
    const field = path.join('.') || 'body';
    if (fields[field] || reported >= MAX_REPORTED_FIELDS) return;
    fields[field] = [message];
    reported += 1;
  };
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (pending.length > 0 && reported < MAX_REPORTED_FIELDS) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, labelOf(path));
      if (problem) report(path, problem);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= maxDepth) {
      // Named after its top-level field: the full path of a runaway nesting is noise.
      const top = path.slice(0, 1);
      report(top, `The ${labelOf(top)} field is nested too deeply (at most ${maxDepth} levels).`);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key, 'field name');
      if (keyProblem) report(path, keyProblem);
      else pending.push({ value: child, path: [...path, key] });
    }
  }
  return reported > 0 ? fields : null;
}

/** Throws BAD_USER_INPUT naming each field whose text is not valid (see `findUnsafeText`). */
export function assertSafeText(input: unknown): void {
  const problems = findUnsafeText(input);
  if (problems) throw invalidInput(problems);
}

function labelOf(path: string[]): string {
  const last = [...path].reverse().find((part) => !/^\d+$/.test(part));
  // As a person reads it: agent_role and agentRole are both "agent role".
  return last
    ? last
        .replace(/_/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
    : 'body';
}

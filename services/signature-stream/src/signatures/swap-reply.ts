import { SIGNATURE_SIZE, SWAP_NOT_JSON, swapWrongCount } from '@promptloom/proto';

export type SwapReply = { ok: true; names: string[] } | { ok: false; message: string };

/**
 * Reads the AI's rewritten signature: a JSON list of names, or an object holding one under `signature` or `names`
 * (a ```json fence around it is tolerated). Anything else, or a count other than 6, is refused with the reason.
 */
export function parseSwapReply(content: string): SwapReply {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: SWAP_NOT_JSON };
  }
  const list = Array.isArray(parsed) ? parsed : listInside(parsed);
  if (!list || !list.every((name) => typeof name === 'string')) return { ok: false, message: SWAP_NOT_JSON };
  const names = (list as string[]).map((name) => name.trim()).filter(Boolean);
  if (names.length !== SIGNATURE_SIZE) return { ok: false, message: swapWrongCount(names.length) };
  return { ok: true, names };
}

function listInside(value: unknown): unknown[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const list = record.signature ?? record.names;
  return Array.isArray(list) ? list : null;
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The q-value of each coding an `Accept-Encoding` header names (`*` stands for the ones it does not name). */
function qualities(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params
      .map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    named.set(name, Number.isFinite(quality) ? quality : 0);
  }
  return named;
}

/**
 * The coding to send among those stored (`available`): brotli when the client takes it at least as gladly as gzip
 * (browsers list gzip first with equal weight), then gzip, else the file as it is.
 */
export function chooseEncoding(
  header: string | undefined,
  available: ReadonlySet<ContentEncoding>,
): ContentEncoding {
  if (!header) return 'identity';
  const named = qualities(header);
  const quality = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  const br = available.has('br') ? quality('br') : 0;
  const gzip = available.has('gzip') ? quality('gzip') : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

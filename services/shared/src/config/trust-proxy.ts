import { isIP } from 'node:net';
import { z } from 'zod';

/** Which peers may tell the gateway the client's address (X-Forwarded-For): a hop count, or addresses to trust. */
export type TrustProxy = number | string[];

/** Express's names for address ranges, usable in TRUST_PROXY beside addresses and CIDR blocks. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrBlock(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: `loopback` by default (a reverse proxy on the same machine). `none` trusts no one (the connection's
 * address counts); a whole number trusts that many proxy hops in front of the gateway; otherwise a comma-separated
 * list of addresses, CIDR blocks or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export const trustProxySetting = z
  .string()
  .transform((value, context): TrustProxy => {
    const trimmed = value.trim();
    if (trimmed === 'none') return [];
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length === 0 || !entries.every(isAddressOrBlock)) {
      context.addIssue({
        code: 'custom',
        message: "must be 'none', a number of proxy hops, or addresses / CIDR blocks separated by commas",
      });
      return z.NEVER;
    }
    return entries;
  })
  .default(['loopback']);

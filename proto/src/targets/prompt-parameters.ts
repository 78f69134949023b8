import { z } from 'zod';
import { scanFlags } from './flags';
import { findMidjourneyParameter } from './midjourney-parameters';

/** Issue #19: a Midjourney parameter the user keeps with their Stream settings (`--ar 3:2`, `--stylize 250`). */
export interface PromptParameter {
  flag: string;
  /** '' for a switch (`--tile`). */
  value: string;
}

/** The most parameters kept; Midjourney has about 30 in all. */
export const MAX_PROMPT_PARAMETERS = 20;

/** The target writes `--v`/`--niji` and the avoided items write `--no`: those are not kept as parameters. */
const OWN_FLAGS = new Set(['v', 'niji', 'no']);

/** The parameter's name as Midjourney's list writes it (`stylize` → `s`), or null if it cannot be kept. */
export function keptParameterName(flag: string): string | null {
  const name = /^--([A-Za-z][\w.]*)$/u.exec(flag)?.[1];
  const known = name ? findMidjourneyParameter(name) : null;
  return known && !OWN_FLAGS.has(known.name) ? known.name : null;
}

export const PromptParameterInput = z.object({
  flag: z
    .string({ error: 'The flag field is required.' })
    .trim()
    .refine((flag) => keptParameterName(flag) !== null, {
      error: 'The flag must be a Midjourney parameter such as --ar or --stylize (not --v, --niji or --no).',
    }),
  value: z
    .string({ error: 'The value field must be a string.' })
    .trim()
    .max(300, { error: 'The value must not be greater than 300 characters.' })
    .refine((value) => !/(^|\s)[-—–]{2}|::/u.test(value), {
      error: 'The value must not hold another flag or a multi-prompt weight.',
    }),
});

export const PromptParametersInput = z
  .array(PromptParameterInput, { error: 'The parameters field must be a list.' })
  .max(MAX_PROMPT_PARAMETERS, {
    error: `The parameters must not have more than ${MAX_PROMPT_PARAMETERS} entries.`,
  });

/**
 * The target's parameters (`--ar 16:9 --v 6 --q 2`) with the user's: one of the same name replaces the target's
 * value in place, the others follow in the user's order.
 */
export function withParameters(defaults: string, parameters: readonly PromptParameter[] = []): string {
  if (parameters.length === 0) return defaults;
  const own = new Map<string, PromptParameter>();
  for (const parameter of parameters) {
    const name = keptParameterName(parameter.flag);
    if (name && !own.has(name)) own.set(name, parameter);
  }
  const written = (flag: string, value: string) => (value ? `${flag} ${value}` : flag);
  const parts = scanFlags(defaults).flags.map((group) => {
    const name = findMidjourneyParameter(group.name)?.name ?? group.name;
    const mine = own.get(name);
    own.delete(name);
    return mine
      ? written(group.token.text, mine.value)
      : written(group.token.text, group.following.map((token) => token.text).join(' '));
  });
  for (const [name, parameter] of own) parts.push(written(`--${name}`, parameter.value));
  return parts.join(' ');
}

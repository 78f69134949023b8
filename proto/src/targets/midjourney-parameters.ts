import type { MidjourneyVersion } from './targets';

/*
 * Every Midjourney parameter the checker knows, with the values each version accepts.
 *
 * Source: Midjourney's own documentation, https://docs.midjourney.com/hc/en-us/articles/32859204029709-Parameter-List
 * and the pages it links to:
 *   Character Reference  https://docs.midjourney.com/hc/en-us/articles/32162917505293-Character-Reference
 *   Omni Reference       https://docs.midjourney.com/hc/en-us/articles/36285124473997-Omni-Reference
 *   Style Reference      https://docs.midjourney.com/hc/en-us/articles/32180011136653-Style-Reference
 *   Image Prompts (--iw) https://docs.midjourney.com/hc/en-us/articles/32040250122381-Image-Prompts
 *   GPU Speed            https://docs.midjourney.com/hc/en-us/articles/32016412137741-GPU-Speed-Fast-Relax-Turbo
 * (read 2026-11-23 through copies of those pages; where versions differ the table says so per version).
 */

export const MIDJOURNEY_VERSIONS: readonly MidjourneyVersion[] = ['6', '6.1', '7', 'niji 6'];

export type ParameterValue =
  /** A switch: `--tile`. */
  | { kind: 'none' }
  /** A number in a range: `--stylize 250`. */
  | { kind: 'number'; min: number; max: number; integer: boolean }
  /** One of a few numbers: `--q .5`. */
  | { kind: 'levels'; values: readonly number[] }
  /** One of a few words: `--style raw`, `--v 6.1`. */
  | { kind: 'choice'; values: readonly string[] }
  /** Whole numbers `w:h`: `--ar 16:9`. */
  | { kind: 'ratio' }
  /** Words, comma-separated, up to the next flag: `--no red, shadows`. */
  | { kind: 'words' }
  /** One or more image URLs or codes up to the next flag: `--sref 123 https://…`; optional for `--p`. */
  | { kind: 'references'; optional: boolean };

export interface MidjourneyParameter {
  /** The name without `--`, as Midjourney's list writes it first. */
  name: string;
  /** Other spellings Midjourney reads the same way (`s` for `stylize`). */
  aliases: readonly string[];
  /** What it does, in a few words, for messages. */
  label: string;
  /** The value each version accepts; a version not listed does not accept the parameter. */
  versions: Partial<Record<MidjourneyVersion, ParameterValue>>;
  /** On a version without this parameter, the one that does the same there (`--cref` on v7 → `--oref`). */
  instead?: Partial<Record<MidjourneyVersion, string>>;
}

const all = (value: ParameterValue): Record<MidjourneyVersion, ParameterValue> => ({
  '6': value,
  '6.1': value,
  '7': value,
  'niji 6': value,
});
const int = (min: number, max: number): ParameterValue => ({ kind: 'number', min, max, integer: true });
const SWITCH: ParameterValue = { kind: 'none' };
const REFERENCES: ParameterValue = { kind: 'references', optional: false };

/** `--v` values Midjourney has had; the checker also holds the value to the chosen target. */
export const MIDJOURNEY_VERSION_VALUES = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '5.0',
  '5.1',
  '5.2',
  '6',
  '6.0',
  '6.1',
  '7',
];

export const MIDJOURNEY_PARAMETERS: readonly MidjourneyParameter[] = [
  { name: 'ar', aliases: ['aspect'], label: 'aspect ratio', versions: all({ kind: 'ratio' }) },
  {
    name: 'v',
    aliases: ['version'],
    label: 'model version',
    versions: {
      '6': { kind: 'choice', values: MIDJOURNEY_VERSION_VALUES },
      '6.1': { kind: 'choice', values: MIDJOURNEY_VERSION_VALUES },
      '7': { kind: 'choice', values: MIDJOURNEY_VERSION_VALUES },
    },
    instead: { 'niji 6': 'niji' },
  },
  {
    name: 'niji',
    aliases: [],
    label: 'Niji model',
    versions: { 'niji 6': { kind: 'choice', values: ['4', '5', '6'] } },
    instead: { '6': 'v', '6.1': 'v', '7': 'v' },
  },
  {
    name: 'q',
    aliases: ['quality'],
    label: 'quality',
    versions: {
      '6': { kind: 'levels', values: [0.25, 0.5, 1, 2] },
      '6.1': { kind: 'levels', values: [0.25, 0.5, 1, 2] },
      '7': { kind: 'levels', values: [1, 2, 4] },
      'niji 6': { kind: 'levels', values: [0.25, 0.5, 1, 2] },
    },
  },
  { name: 's', aliases: ['stylize'], label: 'stylize', versions: all(int(0, 1000)) },
  { name: 'c', aliases: ['chaos'], label: 'chaos', versions: all(int(0, 100)) },
  { name: 'w', aliases: ['weird'], label: 'weird', versions: all(int(0, 3000)) },
  { name: 'seed', aliases: [], label: 'seed', versions: all(int(0, 4294967295)) },
  { name: 'no', aliases: [], label: 'negative prompt', versions: all({ kind: 'words' }) },
  { name: 'stop', aliases: [], label: 'stop', versions: all(int(10, 100)) },
  { name: 'tile', aliases: [], label: 'tile', versions: all(SWITCH) },
  { name: 'style', aliases: [], label: 'style', versions: all({ kind: 'choice', values: ['raw'] }) },
  {
    name: 'raw',
    aliases: [],
    label: 'raw style',
    versions: { '7': SWITCH },
    instead: { '6': 'style raw', '6.1': 'style raw', 'niji 6': 'style raw' },
  },
  { name: 'sref', aliases: [], label: 'style reference', versions: all(REFERENCES) },
  { name: 'sw', aliases: [], label: 'style weight', versions: all(int(0, 1000)) },
  {
    name: 'sv',
    aliases: [],
    label: 'style reference version',
    versions: { '6': int(1, 4), '6.1': int(1, 4), '7': int(1, 6), 'niji 6': int(1, 4) },
  },
  {
    name: 'cref',
    aliases: [],
    label: 'character reference',
    versions: { '6': REFERENCES, '6.1': REFERENCES, 'niji 6': REFERENCES },
    instead: { '7': 'oref' },
  },
  {
    name: 'cw',
    aliases: [],
    label: 'character weight',
    versions: { '6': int(0, 100), '6.1': int(0, 100), 'niji 6': int(0, 100) },
    instead: { '7': 'ow' },
  },
  {
    name: 'oref',
    aliases: [],
    label: 'omni reference',
    versions: { '7': REFERENCES },
    instead: { '6': 'cref', '6.1': 'cref', 'niji 6': 'cref' },
  },
  {
    name: 'ow',
    aliases: [],
    label: 'omni weight',
    versions: { '7': int(1, 1000) },
    instead: { '6': 'cw', '6.1': 'cw', 'niji 6': 'cw' },
  },
  {
    name: 'iw',
    aliases: [],
    label: 'image weight',
    versions: all({ kind: 'number', min: 0, max: 3, integer: false }),
  },
  { name: 'exp', aliases: [], label: 'experimental aesthetics', versions: { '7': int(0, 100) } },
  { name: 'draft', aliases: [], label: 'draft mode', versions: { '7': SWITCH } },
  {
    name: 'p',
    aliases: ['profile', 'personalize'],
    label: 'personalization',
    versions: all({ kind: 'references', optional: true }),
  },
  { name: 'r', aliases: ['repeat'], label: 'repeat', versions: all(int(1, 40)) },
  { name: 'fast', aliases: [], label: 'fast mode', versions: all(SWITCH) },
  { name: 'relax', aliases: [], label: 'relax mode', versions: all(SWITCH) },
  { name: 'turbo', aliases: [], label: 'turbo mode', versions: all(SWITCH) },
];

const BY_NAME = new Map<string, MidjourneyParameter>();
for (const parameter of MIDJOURNEY_PARAMETERS)
  for (const name of [parameter.name, ...parameter.aliases]) BY_NAME.set(name, parameter);

/** The parameter a flag name (without `--`, any case) stands for, or null. */
export const findMidjourneyParameter = (name: string): MidjourneyParameter | null =>
  BY_NAME.get(name.toLowerCase()) ?? null;

/** Every name and alias, for "did you mean". */
export const MIDJOURNEY_PARAMETER_NAMES: readonly string[] = [...BY_NAME.keys()];

/** The version as the user reads it: 'v6', 'v6.1', 'v7', 'niji 6'. */
export const versionLabel = (version: MidjourneyVersion): string =>
  version === 'niji 6' ? 'niji 6' : `v${version}`;

import { cleanGeneratedItems, cutToFrequency, itemKey, uniqueIgnoringCase } from './items';
import { type RandomSource } from './random';

/** SPEC §5: the default seed list of types. */
export const DEFAULT_TYPE_SEEDS: readonly string[] = ['Photography', 'Art', 'Cartography', 'Illustration'];

/** SPEC §5: up to 4 seeds are kept. */
export const MAX_TYPE_SEEDS = 4;

/** SPEC §5: the exclusion list applies when the frequency is 4 or less. */
export const TYPE_EXCLUSION_MAX_FREQUENCY = 4;

/**
 * SPEC §5 names an exclusion list but not its words. These are words a chat model tends to return that are
 * not image types: generic nouns for "a kind of picture", filler answers, and the first word of a preamble
 * ("Sure", "Here are …") once the reply has been split.
 */
export const TYPE_EXCLUSION_LIST: readonly string[] = [
  'Type',
  'Types',
  'Image',
  'Images',
  'Picture',
  'Pictures',
  'Photo',
  'Photos',
  'Style',
  'Styles',
  'Category',
  'Categories',
  'Item',
  'Items',
  'Other',
  'Others',
  'None',
  'Misc',
  'Various',
  'Sure',
  'Here',
];

const EXCLUDED_TYPE_KEYS = new Set(TYPE_EXCLUSION_LIST.map(itemKey));

export const isExcludedType = (item: string): boolean => EXCLUDED_TYPE_KEYS.has(itemKey(item));

export const isSingleWord = (item: string): boolean => item.trim().length > 0 && !/\s/u.test(item.trim());

export interface TypeRequestPlan {
  /** The seeds that go into the list as they are. */
  keptSeeds: string[];
  /** How many new types to ask the AI for. */
  newCount: number;
}

/**
 * SPEC §5: "Frequency is the number of types requested; up to 4 seeds are kept, the rest new, total equal to
 * frequency". A frequency of 2 keeps 2 seeds and asks for nothing new; 10 keeps 4 and asks for 6.
 */
export function planTypeRequest(
  frequency: number,
  seeds: readonly string[] = DEFAULT_TYPE_SEEDS,
): TypeRequestPlan {
  const total = Number.isFinite(frequency) ? Math.max(0, Math.floor(frequency)) : 0;
  const keptSeeds = uniqueIgnoringCase(seeds.map((seed) => seed.trim()).filter(Boolean)).slice(
    0,
    Math.min(MAX_TYPE_SEEDS, total),
  );
  return { keptSeeds, newCount: total - keptSeeds.length };
}

export interface CleanTypesOptions {
  /** The frequency the user asked for; it decides whether the exclusion list applies. */
  frequency: number;
  /** How many types to keep; defaults to the frequency (composeTypeList passes the plan's newCount). */
  count?: number;
  existing?: readonly string[];
  random: RandomSource;
}

/** Generated-item cleaning for types: only single words, and no excluded word when the frequency is ≤ 4. */
export function cleanGeneratedTypes(reply: string | readonly string[], options: CleanTypesOptions): string[] {
  const applyExclusions = options.frequency <= TYPE_EXCLUSION_MAX_FREQUENCY;
  const candidates = cleanGeneratedItems(reply, {
    existing: options.existing,
    random: options.random,
  }).filter((item) => isSingleWord(item) && !(applyExclusions && isExcludedType(item)));
  return cutToFrequency(candidates, options.count ?? options.frequency, options.random);
}

/** Seeds first, then new types that repeat no seed, up to the frequency (fewer only when too few were given). */
export function mergeTypes(
  keptSeeds: readonly string[],
  newTypes: readonly string[],
  frequency: number,
): string[] {
  return uniqueIgnoringCase([...keptSeeds, ...newTypes]).slice(0, Math.max(0, Math.floor(frequency)));
}

export interface ComposeTypeListInput {
  reply: string | readonly string[];
  frequency: number;
  seeds?: readonly string[];
  /** Types already stored for the user. */
  existing?: readonly string[];
  random: RandomSource;
}

/** The whole types rule: plan the seeds, clean the AI reply for the rest, and merge to the frequency. */
export function composeTypeList(input: ComposeTypeListInput): string[] {
  const plan = planTypeRequest(input.frequency, input.seeds);
  const newTypes = cleanGeneratedTypes(input.reply, {
    frequency: input.frequency,
    count: plan.newCount,
    existing: [...(input.existing ?? []), ...plan.keptSeeds],
    random: input.random,
  });
  return mergeTypes(plan.keptSeeds, newTypes, input.frequency);
}

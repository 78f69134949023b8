import { ITEM_MAX_LENGTH } from '../rules/items';
import type { ItemWeight } from '../targets/marks';
import type { ImportedParameter, ParsedPrompt } from './imported-prompt';
import { tidyChunk } from './prompt-chunks';

/** The most custom items one import offers (a change carries at most 100 marks, too). */
export const MAX_IMPORTED_CUSTOM_ITEMS = 100;

export interface CatalogueItem {
  id: number;
  name: string;
}

/** The user's lists the pasted words are matched against. */
export interface ImportCatalogue {
  types: readonly CatalogueItem[];
  proItems: readonly CatalogueItem[];
  elements: readonly CatalogueItem[];
  subElements: ReadonlyArray<CatalogueItem & { elementId: number }>;
}

export type MatchedKind = 'type' | 'pro' | 'element' | 'subElement';

export interface MatchedItem {
  kind: MatchedKind;
  id: number;
  name: string;
  /** For a sub-element: its element, which the import activates too. */
  elementId: number | null;
  weight: ItemWeight;
  avoid: boolean;
}

export interface CustomCandidate {
  text: string;
  weight: ItemWeight;
  avoid: boolean;
}

/** What an import would change: items to activate, custom items to add, the target, what is not carried over. */
export interface ImportPlan {
  target: ParsedPrompt['target'];
  matched: MatchedItem[];
  custom: CustomCandidate[];
  parameters: ImportedParameter[];
  ignored: string[];
  notes: string[];
}

// Words that join a phrase's parts; a leftover is split at them ("portrait of a fox" → portrait, fox).
const JOINING_WORDS = new Set(
  `a an the of in on at with and or by for to from into onto over under above below near behind between
  through as is are its his her their this that these those very while during featuring wearing holding like
  no not without`.split(/\s+/u),
);
// What the Stream page writes around the selection; importing its own prompt does not make items of these.
const FILLER = new Set(['image', 'professional focus', 'elements', 'signature', 'resolution']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const keyOf = (name: string) => name.normalize('NFC').trim().toLowerCase();

interface Entry {
  kind: MatchedKind;
  item: CatalogueItem & { elementId?: number };
}

/** Every catalogue name, first one per name (types, Pro, elements, sub-elements), longest first for matching. */
function entriesByName(catalogue: ImportCatalogue): Map<string, Entry> {
  const byName = new Map<string, Entry>();
  const add = (kind: MatchedKind, items: ReadonlyArray<CatalogueItem & { elementId?: number }>) => {
    for (const item of items) {
      const key = keyOf(item.name);
      if (key && !byName.has(key)) byName.set(key, { kind, item });
    }
  };
  add('type', catalogue.types);
  add('pro', catalogue.proItems);
  add('element', catalogue.elements);
  add('subElement', catalogue.subElements);
  return byName;
}

/** One alternation of the names, longest first, matched as whole words (letters and digits around end a match). */
function matcherOf(names: string[]): RegExp | null {
  if (names.length === 0) return null;
  const sorted = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** The words of a leftover, split at joining words, as custom item texts (1–29 characters). */
function fragmentsOf(leftover: string): string[] {
  const fragments: string[] = [];
  let current: string[] = [];
  const end = () => {
    const text = tidyChunk(current.join(' '));
    current = [];
    if (!text || FILLER.has(text.toLowerCase()) || !/\p{L}/u.test(text)) return;
    // UTF-16 length, as the list's schema counts it: an emoji inside counts two.
    if (text.length <= ITEM_MAX_LENGTH) fragments.push(text);
    else fragments.push(...text.split(' ').filter((word) => word.length <= ITEM_MAX_LENGTH));
  };
  for (const word of leftover.split(/\s+/u)) {
    if (word === '|' || JOINING_WORDS.has(word.toLowerCase())) end();
    else if (word) current.push(word);
  }
  end();
  return fragments.filter((fragment) => /\p{L}/u.test(fragment));
}

/**
 * Matches a parsed prompt against the user's lists (issue #19): names found in a phrase (whole words, any case)
 * are items to activate; what is left of the phrase becomes custom items. Each keeps its phrase's weight and
 * "avoid". Pure: the dialog shows the plan before anything is applied.
 */
export function planImport(parsed: ParsedPrompt, catalogue: ImportCatalogue): ImportPlan {
  const byName = entriesByName(catalogue);
  const matcher = matcherOf([...byName.keys()]);
  const matched: MatchedItem[] = [];
  const custom: CustomCandidate[] = [];
  const seen = new Set<string>();
  const notes = [...parsed.notes];
  for (const phrase of parsed.phrases) {
    const text = phrase.text.normalize('NFC');
    const leftover = matcher
      ? text.replace(matcher, (found) => {
          const entry = byName.get(keyOf(found));
          if (entry && !seen.has(keyOf(found))) {
            seen.add(keyOf(found));
            const { kind, item } = entry;
            matched.push({
              kind,
              id: item.id,
              name: item.name,
              elementId: item.elementId ?? null,
              ...mark(phrase),
            });
          }
          return ' | ';
        })
      : text;
    for (const fragment of fragmentsOf(leftover)) {
      if (seen.has(keyOf(fragment))) continue;
      seen.add(keyOf(fragment));
      custom.push({ text: fragment, ...mark(phrase) });
    }
  }
  if (custom.length > MAX_IMPORTED_CUSTOM_ITEMS)
    notes.push(`Only the first ${MAX_IMPORTED_CUSTOM_ITEMS} new words are offered as custom items.`);
  return {
    target: parsed.target,
    matched,
    custom: custom.slice(0, MAX_IMPORTED_CUSTOM_ITEMS),
    parameters: parsed.parameters,
    ignored: parsed.ignored,
    notes,
  };
}

const mark = (phrase: { weight: ItemWeight; avoid: boolean }) => ({
  weight: phrase.weight,
  avoid: phrase.avoid,
});

import { z } from 'zod';
import type { EnhanceToggles, StreamElement, StreamSelection } from '../rules/stream-prompt';
import type { PromptParameter } from './prompt-parameters';

/** Issue 18: an item's weight in steps, −2 (much less) … +2 (much more); 0 is as written. */
export type ItemWeight = -2 | -1 | 0 | 1 | 2;
export const ITEM_WEIGHTS: readonly ItemWeight[] = [-2, -1, 0, 1, 2];

/** A mark on an item or sub-element of the active selection, or a word to avoid that is not in it. */
export interface ItemMark {
  weight: ItemWeight;
  avoid: boolean;
  /** The name as the user wrote it, for a word avoided outside the selection (the key is lower-cased). */
  name?: string;
}

export const ItemWeightSchema = z.union([
  z.literal(-2),
  z.literal(-1),
  z.literal(0),
  z.literal(1),
  z.literal(2),
]);
export const ItemMarkSchema = z.object({ weight: ItemWeightSchema, avoid: z.boolean() });

/** The most marks one selection can carry (far more than a selection has items). */
export const MAX_ITEM_MARKS = 500;

/** Marks by lower-cased item name, as stored and sent; names as long as an item's name may be. */
export const ItemMarksSchema = z
  .record(z.string().trim().min(1).max(200), ItemMarkSchema)
  .refine((marks) => Object.keys(marks).length <= MAX_ITEM_MARKS, {
    error: `At most ${MAX_ITEM_MARKS} items can be marked.`,
  });

/** Marks are kept by the item's name, trimmed and lower-cased. */
export const markKey = (name: string): string => name.trim().toLowerCase();

/** What a prompt is rendered from: the selection as the Stream page has it, plus the marks by item name. */
export interface TargetPromptInput {
  selection: StreamSelection;
  toggles: EnhanceToggles;
  marks?: Record<string, ItemMark>;
  /** Issue #19: the user's own Midjourney parameters (`--ar 3:2`); the other targets have none. */
  parameters?: readonly PromptParameter[];
}

/** An item (or an element with its remaining sub-elements) that carries a weight. */
export interface WeightedPart {
  name: string;
  details: string[];
  weight: Exclude<ItemWeight, 0>;
}

/** The selection split by its marks: what is written as usual, what is weighted, what is to be avoided. */
export interface MarkedSelection {
  rest: StreamSelection;
  weighted: WeightedPart[];
  avoided: string[];
}

/** True when no mark changes anything, so every target renders exactly its plain prompt. */
export function hasEffectiveMarks(marks: Record<string, ItemMark> | undefined): boolean {
  return !!marks && Object.values(marks).some((mark) => mark.avoid || mark.weight !== 0);
}

/**
 * Takes the marked items out of the selection, in the selection's order (types, professional focus, elements
 * with their sub-elements, signature), then the avoided words that are not in the selection. "Avoid" wins over a
 * weight. An avoided or weighted sub-element leaves its element; a weighted element takes its remaining
 * sub-elements with it.
 */
export function splitByMarks(
  selection: StreamSelection,
  marks: Record<string, ItemMark> = {},
): MarkedSelection {
  const weighted: WeightedPart[] = [];
  const avoided: string[] = [];
  const seen = new Set<string>();
  const markOf = (name: string): ItemMark | null => {
    const mark = marks[markKey(name)];
    return mark && (mark.avoid || mark.weight !== 0) ? mark : null;
  };
  /** Keeps an unmarked name; files a marked one under avoided or weighted (once per name). */
  const keep = (name: string, details: string[] = []): boolean => {
    const mark = markOf(name);
    if (!mark) return true;
    const key = markKey(name);
    if (key && !seen.has(key)) {
      seen.add(key);
      if (mark.avoid) avoided.push(name.trim());
      else weighted.push({ name: name.trim(), details, weight: mark.weight as WeightedPart['weight'] });
    }
    return false;
  };
  const keepAll = (names: readonly string[]) => names.filter((name) => !name.trim() || keep(name));

  const elements: StreamElement[] = [];
  for (const element of selection.elements) {
    const subElements = keepAll(element.subElements);
    const details = subElements.map((name) => name.trim()).filter(Boolean);
    if (!element.name.trim() || keep(element.name, details))
      elements.push({ name: element.name, subElements });
  }
  const rest = {
    types: keepAll(selection.types),
    proItems: keepAll(selection.proItems),
    elements,
    signature: keepAll(selection.signature),
  };
  // A word avoided without being in the selection (an import's `--no people`) is avoided all the same.
  for (const [key, mark] of Object.entries(marks))
    if (mark.avoid && key.trim() && !seen.has(key)) {
      seen.add(key);
      avoided.push((mark.name ?? key).trim());
    }
  return { rest, weighted, avoided };
}

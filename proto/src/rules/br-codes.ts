import { pickRandomSubset, type RandomSource } from './random';
import { abbreviate, signatureCode } from './signature';

/** SPEC §4, §9: BR codes start with 'CR' and carry up to 6 elements. */
export const BR_CODE_PREFIX = 'CR';
export const BR_CODE_MAX_ELEMENTS = 6;

/** One BR code and what it was built from. */
export interface BrCode {
  type: string;
  elements: string[];
  code: string;
}

/** 'CR' plus the first 3 letters of the type upper-cased: 'Photography' → 'CRPHO' (the power mode CRPHO). */
export function brCodePrefix(type: string): string {
  return BR_CODE_PREFIX + abbreviate(type).toUpperCase();
}

/** The BR code of a type and the elements chosen for it: 'Photography', ['Light', 'Shadow'] → 'CRPHO-Lig-Sha'. */
export function brCodeOf(type: string, elements: readonly string[]): string {
  return `${brCodePrefix(type)}-${signatureCode(elements)}`;
}

/**
 * SPEC §4: "group elements by a suffix". The stored map (activeElementsSubType) files every element label
 * under the type it was activated for — that type is the suffix an element carries. So a group is one type:
 * map keys that name the same type (differing only in case or surrounding spaces) are one group, and an
 * element listed twice in a group counts once. Each group with at least one element gives one code.
 */
export function groupElementsByType(
  elementsByType: Readonly<Record<string, readonly string[]>>,
): Map<string, string[]> {
  const groups = new Map<string, { type: string; elements: string[]; seen: Set<string> }>();
  for (const [rawType, elements] of Object.entries(elementsByType)) {
    const type = rawType.trim();
    if (!type) continue;
    const group = groups.get(type.toLowerCase()) ?? { type, elements: [], seen: new Set<string>() };
    groups.set(type.toLowerCase(), group);
    for (const rawElement of elements) {
      const element = rawElement.trim();
      const key = element.toLowerCase();
      if (!element || group.seen.has(key)) continue;
      group.seen.add(key);
      group.elements.push(element);
    }
  }
  return new Map([...groups.values()].map((group) => [group.type, group.elements]));
}

/**
 * One code: up to 6 randomly chosen unique elements (kept in their stored order) after the type prefix,
 * e.g. 'Photography' with ['Light', 'Shadow'] → 'CRPHO-Lig-Sha'. Null when there is no element.
 */
export function buildBrCode(type: string, elements: readonly string[], random: RandomSource): BrCode | null {
  const unique = groupElementsByType({ [type]: elements }).get(type.trim()) ?? [];
  if (unique.length === 0) return null;
  const chosen = pickRandomSubset(unique, BR_CODE_MAX_ELEMENTS, random);
  return { type: type.trim(), elements: chosen, code: brCodeOf(type, chosen) };
}

/** SPEC §4 BR codes: one code per type group of the stored map, in the map's order. */
export function buildBrCodes(
  elementsByType: Readonly<Record<string, readonly string[]>>,
  random: RandomSource,
): BrCode[] {
  return [...groupElementsByType(elementsByType)].flatMap(([type, elements]) => {
    const code = buildBrCode(type, elements, random);
    return code ? [code] : [];
  });
}

export interface ParsedBrCode {
  /** 'CRPHO' */
  prefix: string;
  /** ['Lig', 'Sha'] */
  abbreviations: string[];
}

/** Reads a code back into its parts, or null when it does not start with 'CR'; used to derive element lists. */
export function parseBrCode(code: string): ParsedBrCode | null {
  const [prefix, ...abbreviations] = code.trim().split('-');
  if (!prefix?.startsWith(BR_CODE_PREFIX)) return null;
  return { prefix, abbreviations: abbreviations.filter(Boolean) };
}

/** The elements of `candidates` whose abbreviation appears in the code, in the code's order. */
export function elementsOfBrCode(code: string, candidates: readonly string[]): string[] {
  const parsed = parseBrCode(code);
  if (!parsed) return [];
  return parsed.abbreviations.flatMap((abbreviation) => {
    const match = candidates.find((candidate) => abbreviate(candidate) === abbreviation);
    return match ? [match] : [];
  });
}

import {
  cleanGeneratedItems,
  cleanSubElementNames,
  composeTypeList,
  cutToFrequency,
  isSingleWord,
  type ListFamily,
  type RandomSource,
} from '@promptloom/proto';

export interface CleanedItem {
  text: string;
  category: string | null;
}

export interface CleanListInput {
  family: ListFamily;
  reply: string;
  frequency: number;
  seeds?: readonly string[];
  existing: readonly string[];
  random: RandomSource;
}

const CATEGORY_LINE = /^\s*[-*•\d.)\s]*([^:]{1,60}):(.*)$/u;
const wordCount = (text: string) => text.split(/\s+/u).filter(Boolean).length;

/** SPEC §5 cleaning of a reply, per family, with the proto rules. */
export function cleanListReply(input: CleanListInput): CleanedItem[] {
  const { reply, frequency, existing, random } = input;
  const plain = (items: string[]) => items.map((text) => ({ text, category: null }));
  switch (input.family) {
    case 'tl':
      return plain(composeTypeList({ reply, frequency, seeds: input.seeds, existing, random }));
    case 'tr':
      return plain(
        cutToFrequency(
          cleanGeneratedItems(reply, { existing, random }).filter(isSingleWord),
          frequency,
          random,
        ),
      );
    case 'br':
      return plain(
        cutToFrequency(
          cleanGeneratedItems(reply, { existing, random }).filter((item) => wordCount(item) < 3),
          frequency,
          random,
        ),
      );
    case 'bl':
      return cutToFrequency(elementCategories(reply, existing, random), frequency, random);
  }
}

/** "Category: a, b" lines; a category with fewer than 2 single-word items is dropped (SPEC §5). */
function elementCategories(reply: string, existing: readonly string[], random: RandomSource): CleanedItem[] {
  const taken = [...existing];
  const items: CleanedItem[] = [];
  const lines = reply
    .split(/\r?\n/u)
    .map((line) => CATEGORY_LINE.exec(line))
    .filter((match) => match !== null);
  if (lines.length === 0) {
    return cleanGeneratedItems(reply, { existing, random })
      .filter(isSingleWord)
      .map((text) => ({ text, category: null }));
  }
  for (const [, rawCategory, rest] of lines) {
    const category = rawCategory!.trim();
    const words = cleanGeneratedItems(rest!, { existing: taken, random }).filter(isSingleWord);
    if (words.length < 2) continue;
    taken.push(...words);
    items.push(...words.map((text) => ({ text, category })));
  }
  return items;
}

/** A sub-element reply: JSON `{ group: [names] }`, or "Group: a, b" lines, or a plain list. */
export function cleanSubElementReply(
  reply: string,
  frequency: number,
  random: RandomSource,
): Array<{ name: string; group: string }> {
  const grouped = parseGroups(reply);
  const groupOf = new Map<string, string>();
  for (const { name, group } of grouped) if (!groupOf.has(name.trim())) groupOf.set(name.trim(), group);
  const names = cleanSubElementNames(
    grouped.map((entry) => entry.name),
    { frequency, random },
  );
  return names.map((name) => ({ name, group: groupOf.get(name) ?? 'General' }));
}

function parseGroups(reply: string): Array<{ name: string; group: string }> {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const parsed: unknown = JSON.parse(reply.slice(start, end + 1));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.entries(parsed as Record<string, unknown>).flatMap(([group, names]) =>
          Array.isArray(names)
            ? names
                .filter((name): name is string => typeof name === 'string')
                .map((name) => ({ name, group }))
            : [],
        );
      }
    } catch {
      // not JSON: read it as lines
    }
  }
  return reply.split(/\r?\n/u).flatMap((line) => {
    const match = CATEGORY_LINE.exec(line);
    const group = match ? match[1]!.trim() : 'General';
    const rest = match ? match[2]! : line.replace(/^\s*[-*•\d.)]+\s*/u, '');
    return rest
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name, group }));
  });
}

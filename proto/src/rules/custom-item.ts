/** SPEC §5: a custom item needs non-empty trimmed text. Returns the text to store, or null when there is none. */
export function customItemText(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  return text.length > 0 ? text : null;
}

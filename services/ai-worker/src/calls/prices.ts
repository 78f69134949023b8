/** US dollars per million input and output tokens, by model. */
export type PriceTable = ReadonlyMap<string, { input: number; output: number }>;

/** The default table (README "AI Calls"): list prices of the models the product offers, as of 2025. */
export const DEFAULT_AI_PRICES =
  'gpt-4o=2.50/10.00,gpt-4o-mini=0.15/0.60,gpt-4-turbo=10.00/30.00,gpt-4-0125-preview=10.00/30.00,' +
  'gpt-3.5-turbo=0.50/1.50,gpt-3.5-turbo-0125=0.50/1.50,o1=15.00/60.00';

const ENTRY = /^([^=\s,]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/u;

/** `model=input/output,…` (AI_PRICES) as a table; throws naming the entry that is not in that form. */
export function parsePriceTable(text: string): PriceTable {
  const table = new Map<string, { input: number; output: number }>();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    if (!match)
      throw new Error(`AI_PRICES: "${entry}" is not model=input/output (dollars per million tokens)`);
    table.set(match[1]!, { input: Number(match[2]), output: Number(match[3]) });
  }
  return table;
}

/**
 * The estimated cost of a call in dollars; null without token counts or a price. A dated model the provider names
 * ('gpt-4o-2024-08-06') is priced as its base name when it has no price of its own.
 */
export function estimateCost(
  prices: PriceTable,
  model: string,
  tokens: { promptTokens: number; completionTokens: number } | null,
): number | null {
  if (!tokens) return null;
  const price = prices.get(model) ?? prices.get(model.replace(/-\d{4}-\d{2}-\d{2}$/u, ''));
  if (!price) return null;
  return (tokens.promptTokens * price.input + tokens.completionTokens * price.output) / 1_000_000;
}

import { DEFAULT_AI_PRICES, estimateCost, parsePriceTable } from './prices';

describe('the AI price table', () => {
  it('reads model=input/output per million tokens and estimates a call', () => {
    const prices = parsePriceTable('gpt-4o-mini=0.15/0.60, gpt-4o=2.5/10');
    expect(estimateCost(prices, 'gpt-4o-mini', { promptTokens: 1_000_000, completionTokens: 500_000 })).toBe(
      0.45,
    );
    expect(estimateCost(prices, 'gpt-4o-2024-08-06', { promptTokens: 1000, completionTokens: 0 })).toBe(
      0.0025,
    );
  });

  it('has no estimate without tokens or a price', () => {
    const prices = parsePriceTable(DEFAULT_AI_PRICES);
    expect(estimateCost(prices, 'gpt-4o', null)).toBeNull();
    expect(estimateCost(prices, 'llama3', { promptTokens: 10, completionTokens: 10 })).toBeNull();
  });

  it('names an entry it cannot read', () => {
    expect(() => parsePriceTable('gpt-4o=cheap')).toThrow('"gpt-4o=cheap" is not model=input/output');
  });
});

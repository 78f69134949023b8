import { customItemText } from './custom-item';

describe('customItemText', () => {
  it('returns the trimmed text', () => {
    expect(customItemText('  Neon glow ')).toBe('Neon glow');
  });

  it('returns null for empty or blank text', () => {
    expect(customItemText('')).toBeNull();
    expect(customItemText(' \t ')).toBeNull();
    expect(customItemText(null)).toBeNull();
    expect(customItemText(undefined)).toBeNull();
  });
});

import { counted } from './counted';

describe('counted', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(counted(1, 'call')).toBe('1 call');
    expect(counted(0, 'call')).toBe('0 calls');
    expect(counted(2, 'AI call')).toBe('2 AI calls');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
});

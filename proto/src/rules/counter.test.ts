import { padCounter } from './counter';

describe('padCounter', () => {
  it('zero-pads to two digits below 10', () => {
    expect(padCounter(0)).toBe('00');
    expect(padCounter(1)).toBe('01');
    expect(padCounter(9)).toBe('09');
  });

  it('leaves 10 and above as they are', () => {
    expect(padCounter(10)).toBe('10');
    expect(padCounter(123)).toBe('123');
  });

  it('refuses negative or fractional counts', () => {
    expect(() => padCounter(-1)).toThrow(RangeError);
    expect(() => padCounter(1.5)).toThrow(RangeError);
  });
});

import { withoutParameters } from './refine';

describe('withoutParameters', () => {
  it('takes the generator parameters out wherever they are', () => {
    expect(withoutParameters('A calm lake. --ar 16:9 --v 6 --q 2')).toBe('A calm lake.');
    expect(withoutParameters('--v 5 A calm --ar 3:2 lake.')).toBe('A calm lake.');
    expect(withoutParameters('No parameters here')).toBe('No parameters here');
  });
});

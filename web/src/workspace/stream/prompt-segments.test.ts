import { describe, expect, it } from '@jest/globals';
import { promptSegments } from './prompt-segments';

const plain = (text: string) => ({ text, problem: false, pastWindow: false });

describe('promptSegments', () => {
  it('gives the whole text as one plain run when nothing is marked', () => {
    expect(promptSegments('A fox in snow', [], null)).toEqual([plain('A fox in snow')]);
  });

  it('gives no run for an empty text', () => {
    expect(promptSegments('', [{ start: 0, end: 4 }], 0)).toEqual([]);
  });

  it('cuts the text where a problem starts and ends', () => {
    expect(promptSegments('A fox in snow', [{ start: 2, end: 5 }], null)).toEqual([
      plain('A '),
      { text: 'fox', problem: true, pastWindow: false },
      plain(' in snow'),
    ]);
  });

  it('marks everything from the end of the token window as past it', () => {
    expect(promptSegments('one two three', [], 8)).toEqual([
      plain('one two '),
      { text: 'three', problem: false, pastWindow: true },
    ]);
  });

  it('splits a problem that straddles the window end into two runs, both a problem', () => {
    expect(promptSegments('abcdef', [{ start: 1, end: 5 }], 3)).toEqual([
      plain('a'),
      { text: 'bc', problem: true, pastWindow: false },
      { text: 'de', problem: true, pastWindow: true },
      { text: 'f', problem: false, pastWindow: true },
    ]);
  });

  it('merges overlapping problems into runs that are each wholly a problem', () => {
    const segments = promptSegments(
      'abcdefgh',
      [
        { start: 1, end: 4 },
        { start: 3, end: 6 },
      ],
      null,
    );
    expect(segments.map((segment) => [segment.text, segment.problem])).toEqual([
      ['a', false],
      ['bc', true],
      ['d', true],
      ['ef', true],
      ['gh', false],
    ]);
  });

  it('clamps ranges found on a longer, older text', () => {
    expect(
      promptSegments(
        'short',
        [
          { start: 3, end: 40 },
          { start: -5, end: 1 },
        ],
        99,
      ),
    ).toEqual([
      { text: 's', problem: true, pastWindow: false },
      plain('ho'),
      { text: 'rt', problem: true, pastWindow: false },
    ]);
  });

  it('marks nothing for an empty range', () => {
    const segments = promptSegments('short', [{ start: 2, end: 2 }], null);
    expect(segments.map((segment) => segment.text).join('')).toBe('short');
    expect(segments.some((segment) => segment.problem)).toBe(false);
  });

  it('keeps every character of a unicode text, in order', () => {
    const text = 'Café 🦊 über';
    const segments = promptSegments(text, [{ start: 5, end: 7 }], 8);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.find((segment) => segment.problem)?.text).toBe('🦊');
  });

  it('puts the whole text past the window when the window is zero tokens long', () => {
    expect(promptSegments('abc', [], 0)).toEqual([{ text: 'abc', problem: false, pastWindow: true }]);
  });
});

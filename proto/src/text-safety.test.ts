import { DomainError } from './errors';
import { parseInput } from './validation';
import { findUnsafeText } from './text-safety';
import { z } from 'zod';

describe('text that cannot be stored is refused, naming the field', () => {
  it.each([
    ['a NUL byte', { name: 'a\u0000b' }, 'name', 'must not contain control characters'],
    ['a bell', { reason: 'ring\u0007' }, 'reason', 'must not contain control characters'],
    ['DEL', { reason: 'x\u007f' }, 'reason', 'must not contain control characters'],
    ['a lone high surrogate', { name: 'Mod\ud800x' }, 'name', 'lone surrogate'],
    ['a lone low surrogate', { name: '\udc00' }, 'name', 'lone surrogate'],
    [
      'a nested field',
      { items: [{ text: 'ok' }, { text: 'a\u0000' }] },
      'items.1.text',
      'control characters',
    ],
  ])('%s', (_name, input, field, message) => {
    const problems = findUnsafeText(input);
    expect(Object.keys(problems ?? {})).toEqual([field]);
    expect(problems![field]![0]).toContain(message);
  });

  it('names the field as a person reads it: the last name in the path, in words', () => {
    expect(findUnsafeText({ variables: { input: { agentRole: 'a\u0007' } } })).toEqual({
      'variables.input.agentRole': ['The agent role field must not contain control characters.'],
    });
    expect(findUnsafeText({ agent_role: 'a\u0000' })).toEqual({
      agent_role: ['The agent role field must not contain control characters.'],
    });
  });

  it('accepts tabs, new lines, emoji (surrogate pairs) and accents', () => {
    expect(findUnsafeText({ text: 'line one\n\tline two\r\n 😀 café 日本' })).toBeNull();
  });

  it('refuses nesting past the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnsafeText({ list: deep })).toEqual({
      list: ['The list field is nested too deeply (at most 32 levels).'],
    });
  });

  it('refuses a bad field name', () => {
    expect(Object.values(findUnsafeText({ ['a\u0000']: 1 }) ?? {})).toHaveLength(1);
  });

  it('is checked by parseInput before the schema, so every edge refuses it', () => {
    const schema = z.object({ name: z.string() });
    expect(() => parseInput(schema, { name: 'a\u0000' })).toThrow(DomainError);
    try {
      parseInput(schema, { name: 'a\u0000' });
    } catch (error) {
      expect((error as DomainError).code).toBe('BAD_USER_INPUT');
      expect((error as DomainError).fields).toHaveProperty('name');
    }
  });
});

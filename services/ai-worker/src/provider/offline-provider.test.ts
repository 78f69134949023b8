import { REFINE_INSTRUCTION } from '@promptloom/proto';
import { OfflineProvider } from './offline-provider';

const ask = (content: string) =>
  new OfflineProvider().complete({ model: 'gpt-4o', messages: [{ role: 'user', content }] });

describe('the offline provider', () => {
  it('answers each kind of request in the shape its prompt asks for', async () => {
    expect(
      (await ask('List 3 types of images. Each type must be a single word.')).content.split('\n'),
    ).toHaveLength(3);
    expect(
      (await ask('Give exactly 4 unique single-word professional items')).content.split('\n'),
    ).toHaveLength(4);
    const short = (await ask('List 5 short items, each under 3 words.')).content.split('\n');
    expect(short.every((item) => item.split(' ').length < 3)).toBe(true);
    expect((await ask('List element categories, 6 items in all')).content).toMatch(/^\w+: \w+, \w+/);
    const groups = JSON.parse((await ask('List 6 sub-elements of the element "Light"')).content);
    expect(Object.values(groups).flat().length).toBeGreaterThanOrEqual(6);
    const reply = await ask('Refine this prompt: a cat');
    expect(reply).toMatchObject({ offline: true });
    expect(reply.content).toContain('offline');
  });

  it('answers a Refine with the same prompt tidied, not with words from its lists', async () => {
    const reply = await new OfflineProvider().complete({
      model: 'gpt-4-0125-preview',
      messages: [
        { role: 'system', content: REFINE_INSTRUCTION },
        { role: 'user', content: 'Photography image.  Professional focus: Architect Architect. --v 6' },
      ],
    });
    expect(reply).toEqual({
      content: 'Photography image. Professional focus: Architect. --v 6',
      model: 'gpt-4-0125-preview',
      usage: null,
      offline: true,
    });
  });
});

import { completedJsonPrefix } from './partial-json';

describe('completedJsonPrefix', () => {
  it('reads the complete items of a streamed list, not the one still being written', () => {
    expect(completedJsonPrefix('{"items":["Alpha","Be')).toEqual({ items: ['Alpha'] });
    expect(completedJsonPrefix('{"items":["Alpha","Beta"')).toEqual({ items: ['Alpha', 'Beta'] });
    expect(completedJsonPrefix('{"ite')).toBeUndefined();
  });

  it('reads complete categories and the complete items of the one being written', () => {
    const text = '{"categories":[{"name":"Light","items":["Glow","Ray"]},{"name":"Sha';
    expect(completedJsonPrefix(text)).toEqual({
      categories: [{ name: 'Light', items: ['Glow', 'Ray'] }],
    });
    expect(completedJsonPrefix('{"categories":[{"name":"Light","items":["Glow",')).toEqual({
      categories: [{ name: 'Light', items: ['Glow'] }],
    });
  });

  it('keeps escaped quotes inside strings', () => {
    expect(completedJsonPrefix('{"items":["Say \\"hi\\"","x')).toEqual({ items: ['Say "hi"'] });
  });
});

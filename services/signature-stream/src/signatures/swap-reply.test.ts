import { parseSwapReply } from './swap-reply';

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];

describe('parseSwapReply', () => {
  it('reads a JSON list, an object holding one, and a fenced reply', () => {
    expect(parseSwapReply(JSON.stringify(SIX))).toEqual({ ok: true, names: SIX });
    expect(parseSwapReply(JSON.stringify({ signature: SIX }))).toEqual({ ok: true, names: SIX });
    expect(parseSwapReply('```json\n' + JSON.stringify({ names: SIX }) + '\n```')).toEqual({
      ok: true,
      names: SIX,
    });
  });

  it('refuses a reply that is not JSON, or not a list of strings', () => {
    const notJson = { ok: false, message: 'The AI reply was not valid JSON; the signature is unchanged.' };
    expect(parseSwapReply('Aurora, Dusk, Ember, Frost, Glow, Haze')).toEqual(notJson);
    expect(parseSwapReply('{"signature": "Aurora"}')).toEqual(notJson);
    expect(parseSwapReply('[1, 2, 3, 4, 5, 6]')).toEqual(notJson);
  });

  it('refuses a list of another length', () => {
    expect(parseSwapReply(JSON.stringify(SIX.slice(0, 5)))).toEqual({
      ok: false,
      message: 'The AI returned 5 names instead of 6; the signature is unchanged.',
    });
    expect(parseSwapReply(JSON.stringify([...SIX, 'Iris', ' ']))).toMatchObject({ ok: false });
  });
});

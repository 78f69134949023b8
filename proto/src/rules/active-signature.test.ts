import { activeSignatureOf, isActiveSignature, savedSignatureCode } from './active-signature';
import { buildBrCode } from './br-codes';

const SIX = ['Silk', 'Shadow', 'Texture', 'Colour', 'Motion', 'Depth'];
const saved = { code: 'CRPHO-Sil-Sha-Tex-Col-Mot-Dep', signature: SIX, status: '1' };

describe('savedSignatureCode', () => {
  it('is the BR code the signature was saved from, the same as the code built for that type', () => {
    const built = buildBrCode('Photography', SIX, () => 0)!;
    expect(savedSignatureCode(built.elements, 'Photography')).toBe(built.code);
  });

  it("is the names' own code for a signature saved without a type", () => {
    expect(savedSignatureCode(SIX, null)).toBe('Sil-Sha-Tex-Col-Mot-Dep');
    expect(savedSignatureCode(SIX, '  ')).toBe('Sil-Sha-Tex-Col-Mot-Dep');
  });
});

describe('activeSignatureOf', () => {
  it('is the saved code and its six elements', () => {
    expect(activeSignatureOf(saved)).toEqual({ code: saved.code, elements: SIX });
  });

  it('is null when nothing is saved or the saved one is Deactive', () => {
    expect(activeSignatureOf(null)).toBeNull();
    expect(activeSignatureOf({ ...saved, status: '0' })).toBeNull();
  });
});

describe('isActiveSignature', () => {
  const active = activeSignatureOf(saved);

  it('is true for exactly the saved code and elements', () => {
    expect(isActiveSignature(active, { code: saved.code, elements: [...SIX] })).toBe(true);
  });

  it('is false for another code with the same six elements', () => {
    expect(isActiveSignature(active, { code: 'CRART-Sil-Sha-Tex-Col-Mot-Dep', elements: SIX })).toBe(false);
  });

  it('is false for the same code with other elements, or the same elements in another order', () => {
    const other = ['Silver', ...SIX.slice(1)];
    expect(isActiveSignature(active, { code: saved.code, elements: other })).toBe(false);
    expect(isActiveSignature(active, { code: saved.code, elements: [...SIX].reverse() })).toBe(false);
    expect(isActiveSignature(active, { code: saved.code, elements: SIX.slice(0, 5) })).toBe(false);
  });

  it('is false when there is no active signature or no candidate', () => {
    expect(isActiveSignature(null, { code: saved.code, elements: SIX })).toBe(false);
    expect(isActiveSignature(active, undefined)).toBe(false);
  });
});

import { ROUTES, bottomRightTarget, canOpenStream, returnTargetAfterAgent } from './navigation';

describe('returnTargetAfterAgent', () => {
  it('returns to the elements listing when the left flip is on and elements are active', () => {
    expect(returnTargetAfterAgent({ leftFlip: true, hasActiveElements: true, hasActiveTypes: true })).toBe(
      '/elements/ElementsListingBL',
    );
  });

  it('returns to the types listing when the left flip is off and types are active', () => {
    expect(returnTargetAfterAgent({ leftFlip: false, hasActiveElements: true, hasActiveTypes: true })).toBe(
      '/types/TypesListing',
    );
  });

  it('returns home otherwise', () => {
    expect(returnTargetAfterAgent({ leftFlip: true, hasActiveElements: false, hasActiveTypes: true })).toBe(
      '/',
    );
    expect(returnTargetAfterAgent({ leftFlip: false, hasActiveElements: true, hasActiveTypes: false })).toBe(
      '/',
    );
    expect(returnTargetAfterAgent({ leftFlip: false, hasActiveElements: false, hasActiveTypes: false })).toBe(
      '/',
    );
  });
});

describe('bottomRightTarget', () => {
  it('goes to the signature listing when a signature is active', () => {
    expect(bottomRightTarget({ signatureActive: true, proActive: true, rightFlip: false })).toBe(
      ROUTES.signatureListing,
    );
  });

  it('goes to the Pro listing when Pro is active and the flip is off', () => {
    expect(bottomRightTarget({ signatureActive: false, proActive: true, rightFlip: false })).toBe(
      '/pro/ProListingTR',
    );
  });

  it('goes home otherwise', () => {
    expect(bottomRightTarget({ signatureActive: false, proActive: true, rightFlip: true })).toBe('/');
    expect(bottomRightTarget({ signatureActive: false, proActive: false, rightFlip: false })).toBe('/');
  });
});

describe('canOpenStream', () => {
  it('opens the stream only when Pro, Elements and Signature are all active', () => {
    expect(canOpenStream({ proActive: true, elementsActive: true, signatureActive: true })).toBe(true);
    expect(canOpenStream({ proActive: false, elementsActive: true, signatureActive: true })).toBe(false);
    expect(canOpenStream({ proActive: true, elementsActive: false, signatureActive: true })).toBe(false);
    expect(canOpenStream({ proActive: true, elementsActive: true, signatureActive: false })).toBe(false);
    expect(ROUTES.stream).toBe('/types/streamBM');
  });
});

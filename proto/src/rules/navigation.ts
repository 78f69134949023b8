/** The routes of SPEC §2 that the rules below choose between. */
export const ROUTES = {
  home: '/',
  typesListing: '/types/TypesListing',
  elementsListing: '/elements/ElementsListingBL',
  proListing: '/pro/ProListingTR',
  signatureListing: '/pro/SignatureListingBR',
  stream: '/types/streamBM',
  dashboard: '/types/dashboard',
  signIn: '/pro',
} as const;
export type Route = (typeof ROUTES)[keyof typeof ROUTES];

/**
 * SPEC §2: where an agent screen returns to — the elements listing if the left-flip flag is true and active
 * elements exist; the types listing if the flag is false and active types exist; otherwise home.
 */
export function returnTargetAfterAgent(state: {
  leftFlip: boolean;
  hasActiveElements: boolean;
  hasActiveTypes: boolean;
}): Route {
  if (state.leftFlip && state.hasActiveElements) return ROUTES.elementsListing;
  if (!state.leftFlip && state.hasActiveTypes) return ROUTES.typesListing;
  return ROUTES.home;
}

/**
 * SPEC §2: a bottom-right click goes to the Signature listing if a signature is active; to the Pro listing if
 * Pro is active and the right flip is off; otherwise home.
 */
export function bottomRightTarget(state: {
  signatureActive: boolean;
  proActive: boolean;
  rightFlip: boolean;
}): Route {
  if (state.signatureActive) return ROUTES.signatureListing;
  if (state.proActive && !state.rightFlip) return ROUTES.proListing;
  return ROUTES.home;
}

/** SPEC §2: the '00' button opens the Stream page only when Pro, Elements and Signature are all active. */
export function canOpenStream(state: {
  proActive: boolean;
  elementsActive: boolean;
  signatureActive: boolean;
}): boolean {
  return state.proActive && state.elementsActive && state.signatureActive;
}

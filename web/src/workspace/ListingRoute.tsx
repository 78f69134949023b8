import { useState } from 'react';
import { HomeScreen } from './HomeScreen';

type Side = 'left' | 'right';

/** Opens that side's sidebar (and closes the other) on that side of its flip, in the keys HomeScreen reads. */
function storeListingFlags(side: Side, flipped: boolean): void {
  const [open, closed, flip] =
    side === 'left' ? ['LsidebarOpen', 'RsidebarOpen', 'LFlip'] : ['RsidebarOpen', 'LsidebarOpen', 'RFlip'];
  localStorage.setItem(open, 'true');
  localStorage.setItem(closed, 'false');
  localStorage.setItem(flip, String(flipped));
}

/**
 * The listing routes (/types/TypesListing, /elements/ElementsListingBL, /pro/ProListingTR,
 * /pro/SignatureListingBR) are the home workspace with that list's sidebar open. Moving from one listing route to
 * another keeps this component mounted, so the flags are stored again for each route and the workspace, which
 * reads them when it mounts, is mounted anew.
 */
export function ListingRoute({ side, flipped }: { side: Side; flipped: boolean }) {
  const route = `${side}-${String(flipped)}`;
  const [stored, setStored] = useState<string | null>(null);
  if (stored !== route) {
    storeListingFlags(side, flipped);
    setStored(route);
  }
  return <HomeScreen key={route} />;
}

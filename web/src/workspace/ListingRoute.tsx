import { useState } from 'react';
import { HomeScreen } from './HomeScreen';

/**
 * The listing routes (/types/TypesListing, /elements/ElementsListingBL, /pro/ProListingTR,
 * /pro/SignatureListingBR) are the home workspace with that list's sidebar open.
 */
export function ListingRoute({ side, flipped }: { side: 'left' | 'right'; flipped: boolean }) {
  useState(() => {
    const [open, closed, flip] =
      side === 'left' ? ['LsidebarOpen', 'RsidebarOpen', 'LFlip'] : ['RsidebarOpen', 'LsidebarOpen', 'RFlip'];
    localStorage.setItem(open, 'true');
    localStorage.setItem(closed, 'false');
    localStorage.setItem(flip, String(flipped));
    return null;
  });
  return <HomeScreen />;
}

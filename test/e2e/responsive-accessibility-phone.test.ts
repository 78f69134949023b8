import { useResponsivePages } from './responsive-pages';
import { itCoversNoControl, itFitsTheWidth, itHasNoSeriousAxeViolations, walkOnce } from './responsive-walk';

jest.setTimeout(300_000);

// The phone sizes, each route loaded once: 360 px (the narrowest the product supports) and 390 px with axe. The
// wider sizes are a file of their own (responsive-accessibility-desktop.test.ts) so the two walks run side by side.
const NARROW_PHONE = { width: 360, height: 740 };
const PHONE = { width: 390, height: 844 };
const pages = useResponsivePages();
const [atNarrowPhone, atPhone] = walkOnce(pages, [
  { viewport: NARROW_PHONE, checks: { overflow: true, axe: false, covered: true } },
  { viewport: PHONE, checks: { overflow: true, axe: true, covered: true } },
]);

itFitsTheWidth(NARROW_PHONE, atNarrowPhone!);
itCoversNoControl(NARROW_PHONE, atNarrowPhone!);
itHasNoSeriousAxeViolations(PHONE, atPhone!);
itFitsTheWidth(PHONE, atPhone!);
itCoversNoControl(PHONE, atPhone!);

import { useResponsivePages } from './responsive-pages';
import { itCoversNoControl, itFitsTheWidth, itHasNoSeriousAxeViolations, walkOnce } from './responsive-walk';

jest.setTimeout(300_000);

// The sizes wider than a phone, each route loaded once: a tablet (768 px) and a desktop (1280 px) with axe.
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };
const pages = useResponsivePages();
const [atTablet, atDesktop] = walkOnce(pages, [
  { viewport: TABLET, checks: { overflow: true, axe: false, covered: true } },
  { viewport: DESKTOP, checks: { overflow: false, axe: true, covered: true } },
]);

itFitsTheWidth(TABLET, atTablet!);
itCoversNoControl(TABLET, atTablet!);
itHasNoSeriousAxeViolations(DESKTOP, atDesktop!);
itCoversNoControl(DESKTOP, atDesktop!);

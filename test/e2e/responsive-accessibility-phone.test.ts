import { useResponsivePages } from './responsive-pages';
import { itCoversNoControl, itFitsTheWidth, itHasNoSeriousAxeViolations, walkOnce } from './responsive-walk';

jest.setTimeout(300_000);

// At the phone size every check looks at each route after one load: the overflow check of 390 px is here, not in
// responsive-layout.test.ts (360 and 768 px). The desktop size is a file of its own so the two run side by side.
const PHONE = { width: 390, height: 844 };
const pages = useResponsivePages();
const findings = walkOnce(pages, PHONE, { overflow: true, axe: true, covered: true });

itHasNoSeriousAxeViolations(PHONE, findings);
itFitsTheWidth(PHONE, findings);
itCoversNoControl(PHONE, findings);

import { useResponsivePages } from './responsive-pages';
import { itCoversNoControl, itHasNoSeriousAxeViolations, walkOnce } from './responsive-walk';

jest.setTimeout(300_000);

const DESKTOP = { width: 1280, height: 800 };
const pages = useResponsivePages();
const findings = walkOnce(pages, DESKTOP, { overflow: false, axe: true, covered: true });

itHasNoSeriousAxeViolations(DESKTOP, findings);
itCoversNoControl(DESKTOP, findings);

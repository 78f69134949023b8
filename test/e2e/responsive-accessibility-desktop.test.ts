import { useResponsivePages } from './responsive-pages';
import { itHasNoSeriousAxeViolations, walkEveryRoute } from './responsive-walk';

jest.setTimeout(300_000);

const DESKTOP = { width: 1280, height: 800 };
const pages = useResponsivePages();

itHasNoSeriousAxeViolations(DESKTOP, () => walkEveryRoute(pages, DESKTOP, { overflow: false, axe: true }));

import { useResponsivePages } from './responsive-pages';
import {
  itCoversNoControl,
  itHasNoSeriousAxeViolations,
  walkEveryRoute,
  type WalkFindings,
} from './responsive-walk';

jest.setTimeout(300_000);

const DESKTOP = { width: 1280, height: 800 };
const pages = useResponsivePages();
let walk: Promise<WalkFindings> | undefined;
const findings = () =>
  (walk ??= walkEveryRoute(pages, DESKTOP, { overflow: false, axe: true, covered: true }));

itHasNoSeriousAxeViolations(DESKTOP, findings);
itCoversNoControl(DESKTOP, findings);

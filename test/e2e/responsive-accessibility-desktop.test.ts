import { checkAccessibilityAt } from './responsive-accessibility';

checkAccessibilityAt({ width: 1280, height: 800 });

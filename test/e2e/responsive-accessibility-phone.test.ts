import { checkAccessibilityAt } from './responsive-accessibility';

checkAccessibilityAt({ width: 390, height: 844 });

/** SPEC §5, §9: an activated element needs at least 6 sub-elements selected. */
export const MIN_SUB_ELEMENTS = 6;

export const leaveElementMessage = (element: string): string =>
  `Please select minimum ${MIN_SUB_ELEMENTS} or unselect: ${element}`;

export const activateElementFirstMessage = (element: string): string =>
  `Please activate "${element}" first before selecting sub-elements.`;

/**
 * SPEC §5: leaving an element after activating it needs at least 6 sub-elements selected. Returns the message
 * that blocks leaving, or null when the user may leave (an inactive element never blocks).
 */
export function leaveElementError(input: {
  element: string;
  elementActive: boolean;
  selectedSubElements: number;
}): string | null {
  return input.elementActive && input.selectedSubElements < MIN_SUB_ELEMENTS
    ? leaveElementMessage(input.element)
    : null;
}

/** SPEC §4, §5: a sub-element can be toggled only while its parent element is active. */
export function subElementSelectionError(input: { element: string; elementActive: boolean }): string | null {
  return input.elementActive ? null : activateElementFirstMessage(input.element);
}

import { MIN_SUB_ELEMENTS, leaveElementError, subElementSelectionError } from './selection';

describe('leaveElementError', () => {
  it('blocks leaving an active element with fewer than 6 sub-elements', () => {
    expect(MIN_SUB_ELEMENTS).toBe(6);
    expect(leaveElementError({ element: 'Light', elementActive: true, selectedSubElements: 5 })).toBe(
      'Please select minimum 6 or unselect: Light',
    );
    expect(leaveElementError({ element: 'Light', elementActive: true, selectedSubElements: 0 })).toBe(
      'Please select minimum 6 or unselect: Light',
    );
  });

  it('lets the user leave with 6 or more selected', () => {
    expect(leaveElementError({ element: 'Light', elementActive: true, selectedSubElements: 6 })).toBeNull();
    expect(leaveElementError({ element: 'Light', elementActive: true, selectedSubElements: 9 })).toBeNull();
  });

  it('never blocks an element that is not active', () => {
    expect(leaveElementError({ element: 'Light', elementActive: false, selectedSubElements: 2 })).toBeNull();
  });
});

describe('subElementSelectionError', () => {
  it('asks to activate the element first', () => {
    expect(subElementSelectionError({ element: 'Shadow', elementActive: false })).toBe(
      'Please activate "Shadow" first before selecting sub-elements.',
    );
  });

  it('allows selection under an active element', () => {
    expect(subElementSelectionError({ element: 'Shadow', elementActive: true })).toBeNull();
  });
});

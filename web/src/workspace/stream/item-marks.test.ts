import { describe, expect, it } from '@jest/globals';
import { avoidedOutside, markEntry, markableNames, marksByName, WEIGHTS } from './item-marks';

const selection = {
  types: ['Photography', 'Art'],
  proItems: ['Portrait'],
  elements: [
    { name: 'Light', subElements: ['Soft', 'Rim'] },
    { name: 'Sky', subElements: [] },
  ],
  signature: ['Bold', 'Calm', 'Dark', 'Epic', 'Fine', 'Grim'],
};

describe('item marks', () => {
  it('offers the five weights from −2 to +2', () => {
    expect(WEIGHTS).toEqual([-2, -1, 0, 1, 2]);
  });

  it('keys marks by trimmed, lower-cased name, as renderPrompt reads them', () => {
    expect(marksByName([markEntry('  Soft Light ', 2, false), markEntry('FOG', 0, true)])).toEqual({
      'soft light': { weight: 2, avoid: false, name: 'Soft Light' },
      fog: { weight: 0, avoid: true, name: 'FOG' },
    });
  });

  it('reads a weight outside −2…+2 from the server as no weight', () => {
    expect(marksByName([{ name: 'Sky', weight: 3, avoid: false }])).toEqual({
      sky: { weight: 0, avoid: false, name: 'Sky' },
    });
    expect(marksByName([{ name: 'Sky', weight: 1.5, avoid: true }])).toEqual({
      sky: { weight: 0, avoid: true, name: 'Sky' },
    });
  });

  it('keeps the last mark when two names differ only in case', () => {
    expect(marksByName([markEntry('Rim', 1, false), markEntry('rim', -2, false)])).toEqual({
      rim: { weight: -2, avoid: false, name: 'rim' },
    });
  });

  it('answers no marks for no entries', () => {
    expect(marksByName([])).toEqual({});
  });

  it('names types, pro items, elements and their sub-elements in that order, but not the signature', () => {
    expect(markableNames(selection)).toEqual([
      'Photography',
      'Art',
      'Portrait',
      'Light',
      'Soft',
      'Rim',
      'Sky',
    ]);
  });

  it('names each item once, ignoring case and spaces, and skips blank names', () => {
    const names = markableNames({
      types: ['Light', '  '],
      proItems: ['light '],
      elements: [{ name: 'LIGHT', subElements: ['', 'Glow', 'glow'] }],
      signature: [],
    });
    expect(names).toEqual(['Light', 'Glow']);
  });

  it('keeps names in other scripts apart and lower-cases them for the key', () => {
    const names = markableNames({
      types: ['Ärger', 'ärger', 'Straße', '狐'],
      proItems: [],
      elements: [],
      signature: [],
    });
    expect(names).toEqual(['Ärger', 'Straße', '狐']);
    expect(Object.keys(marksByName([markEntry('ÄRGER', 1, false)]))).toEqual(['ärger']);
  });
});

describe('avoidedOutside', () => {
  it('lists the avoided words the selection does not hold, compared as the marks key them', () => {
    const marks = {
      people: { weight: 0 as const, avoid: true, name: 'People' },
      fog: { weight: 0 as const, avoid: true },
      light: { weight: 2 as const, avoid: false },
    };
    expect(avoidedOutside(['Fog', 'Light'], marks)).toEqual(['People']);
    expect(avoidedOutside(['Fog', 'People'], marks)).toEqual([]);
  });
});

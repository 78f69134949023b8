import { DomainError } from '../errors';
import { PACK_FORMAT, PACK_MAX_BYTES, readPackFile } from './pack-file';

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const pack = {
  format: PACK_FORMAT,
  version: 1,
  signature: { names: SIX, type: 'Photography' },
  elements: [{ name: 'Aurora', subElements: [{ name: 'Ribbon' }] }],
};

function fieldsOf(text: string): Record<string, string[]> {
  try {
    readPackFile(text);
  } catch (error) {
    if (error instanceof DomainError) return error.fields ?? {};
  }
  throw new Error('expected the pack to be refused');
}

describe('readPackFile', () => {
  it('reads a pack, filling the defaults (reason null, group General)', () => {
    expect(readPackFile(JSON.stringify(pack)).elements).toEqual([
      { name: 'Aurora', reason: null, subElements: [{ name: 'Ribbon', group: 'General', reason: null }] },
    ]);
  });

  it('drops what the format does not know, such as an owner', () => {
    const read = readPackFile(JSON.stringify({ ...pack, owner: { email: 'a@example.com' } }));
    expect(Object.keys(read)).not.toContain('owner');
  });

  it('refuses a file over the limit before reading it as JSON', () => {
    expect(fieldsOf(`{${' '.repeat(PACK_MAX_BYTES)}`)).toEqual({
      file: ['The pack file must not be greater than 512 KB.'],
    });
  });

  it('refuses text that is not JSON, another version and duplicated sub-element names', () => {
    expect(fieldsOf('{')).toEqual({ file: ['The file is not valid JSON.'] });
    expect(fieldsOf(JSON.stringify({ ...pack, version: 3 })).version).toEqual([
      'Pack version 3 is not supported: this Promptloom reads version 1.',
    ]);
    const twice = {
      ...pack,
      elements: [{ name: 'Aurora', subElements: [{ name: 'Rib' }, { name: 'RIB' }] }],
    };
    expect(fieldsOf(JSON.stringify(twice))).toEqual({
      'elements.0.subElements.1.name': ['The sub-element name "RIB" appears more than once.'],
    });
  });
});

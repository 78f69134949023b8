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
    // Another version is refused for that alone: its other fields mean something else.
    expect(fieldsOf(JSON.stringify({ version: 3, format: PACK_FORMAT, items: [] }))).toEqual({
      version: ['Pack version 3 is not supported: this Promptloom reads version 1.'],
    });
    expect(fieldsOf('[1, 2]')).toEqual({
      body: [`The format must be "${PACK_FORMAT}": this file is not a signature pack.`],
    });
    expect(fieldsOf(JSON.stringify({ ...pack, signature: undefined }))).toEqual({
      signature: ['The signature field is required.'],
    });
    const twice = {
      ...pack,
      elements: [{ name: 'Aurora', subElements: [{ name: 'Rib' }, { name: 'RIB' }] }],
    };
    expect(fieldsOf(JSON.stringify(twice))).toEqual({
      'elements.0.subElements.1.name': ['The sub-element name "RIB" appears more than once.'],
    });
  });
});

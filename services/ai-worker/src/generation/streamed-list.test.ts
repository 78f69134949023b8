import { StreamedList, type StreamedListInput } from './streamed-list';

const streamedList = (family: StreamedListInput['family']) =>
  new StreamedList({ family, frequency: 10, existing: [], limit: 10 });
const texts = (items: Array<{ text: string }>) => items.map((item) => item.text);

describe('StreamedList reading a JSON reply while it streams', () => {
  it('gives each item once its string is complete, never the one still being written', () => {
    const list = streamedList('tr');
    expect(list.add('{"ite')).toEqual([]);
    expect(texts(list.add('ms":["Alpha","Be'))).toEqual(['Alpha']);
    expect(texts(list.add('ta"'))).toEqual(['Beta']);
    expect(list.add(',"Gam')).toEqual([]);
    expect(texts(list.add('ma"]}'))).toEqual(['Gamma']);
    expect(list.finish('')).toEqual([]);
    expect(list.stored).toBe(3);
  });

  it('gives the complete categories, and the complete items of the category being written', () => {
    const list = streamedList('bl');
    // A category needs two items (SPEC §5): one complete item is not enough yet.
    expect(list.add('{"categories":[{"name":"Light","items":["Glow",')).toEqual([]);
    expect(list.add('"Ray"]},{"name":"Sha')).toEqual([
      { text: 'Glow', category: 'Light' },
      { text: 'Ray', category: 'Light' },
    ]);
    expect(list.add('de","items":["Dusk","Umbra","Gl')).toEqual([
      { text: 'Dusk', category: 'Shade' },
      { text: 'Umbra', category: 'Shade' },
    ]);
    expect(list.add('oom"]}]}')).toEqual([{ text: 'Gloom', category: 'Shade' }]);
    expect(list.finish('')).toEqual([]);
  });

  it('does not end a string at an escaped quote or mid-escape', () => {
    const list = streamedList('br');
    expect(list.add('{"items":["Say \\"hi')).toEqual([]);
    expect(list.add('\\"","Caf\\u00')).toEqual([{ text: 'Say hi', category: null }]);
    expect(list.add('e9"]}')).toEqual([{ text: 'Café', category: null }]);
  });

  it('gives nothing from a reply that opens like JSON but is not, and calls it malformed at the end', () => {
    const list = streamedList('tr');
    expect(list.add('{items: ["Alpha", ')).toEqual([]);
    expect(list.finish('')).toEqual([]);
    expect(list.malformed).toBe(true);
  });
});

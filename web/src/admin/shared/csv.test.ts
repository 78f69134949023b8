import { describe, expect, it } from '@jest/globals';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('writes plain text, numbers and booleans as they are, and null or undefined as empty', () => {
    expect([csvCell('Portrait'), csvCell(42), csvCell(false), csvCell(null), csvCell(undefined)]).toEqual([
      'Portrait',
      '42',
      'false',
      '',
      '',
    ]);
  });

  it('quotes a cell holding a comma, a line break or a quote, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('neutralises a leading = + - @ so a spreadsheet does not run it as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell(-3)).toBe("'-3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('both neutralises and quotes a formula that holds a comma', () => {
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('keeps unicode text untouched', () => {
    expect(csvCell('Café 🦊 狐')).toBe('Café 🦊 狐');
  });
});

describe('toCsv', () => {
  it('writes the header and each row with CRLF line ends, ending with one', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'Fox, red'],
          [2, null],
        ],
      ),
    ).toBe('id,name\r\n1,"Fox, red"\r\n2,\r\n');
  });

  it('writes only the header when there is no row', () => {
    expect(toCsv(['id', 'name'], [])).toBe('id,name\r\n');
  });
});

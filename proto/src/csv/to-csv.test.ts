import { toCsv } from './to-csv';

/** The one line `toCsv` writes for `row`, under a one-column header. */
const line = (...row: unknown[]) => toCsv(['h'], [row]).slice('h\r\n'.length, -'\r\n'.length);

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

  it('writes plain text, numbers and booleans as they are, and null or undefined as empty fields', () => {
    expect(line('Portrait', 42, 3.5, false, true, null, undefined)).toBe('Portrait,42,3.5,false,true,,');
  });

  it('quotes a field holding a comma, a quote, a CR or an LF, doubling the quotes', () => {
    expect(line('a,b')).toBe('"a,b"');
    expect(line('say "hi"')).toBe('"say ""hi"""');
    expect(line('line\nbreak')).toBe('"line\nbreak"');
    expect(line('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(line('both\r\nends')).toBe('"both\r\nends"');
  });

  it('neutralises text a spreadsheet would run as a formula: a leading = + - @ tab or CR gets a quote', () => {
    expect(line('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(line('+1')).toBe("'+1");
    expect(line('-3')).toBe("'-3");
    expect(line('@cmd')).toBe("'@cmd");
    expect(line('\tcmd')).toBe("'\tcmd");
    expect(line('\rcmd')).toBe(`"'\rcmd"`);
    expect(line('＝SUM(A1)')).toBe("'＝SUM(A1)");
  });

  it('leaves a formula character that does not lead the text alone', () => {
    expect(line('a=b', 'x-y', 'me@example.com')).toBe('a=b,x-y,me@example.com');
  });

  it('writes numbers as they are, negative ones too: a number is data, not a formula', () => {
    expect(line(-3, -0.25, 0, 1e21)).toBe('-3,-0.25,0,1e+21');
  });

  it('both neutralises and quotes a formula that holds a comma or a quote', () => {
    expect(line('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('keeps unicode text untouched', () => {
    expect(line('Café 🦊 狐', 'Ünïcödé, quoted')).toBe('Café 🦊 狐,"Ünïcödé, quoted"');
  });
});

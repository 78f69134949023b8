import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV export of the product, as RFC 4180 text: the header, then each row; CRLF after every line; a field
 * holding a comma, a quote, a CR or an LF is quoted, its quotes doubled; null and undefined are empty fields.
 *
 * The formula rule (OWASP "CSV Injection"): a field whose text starts with `=`, `+`, `-`, `@`, a tab or a CR (or
 * the full-width `＝ ＋ － ＠` some spreadsheets read the same way) gets a leading `'`, so a spreadsheet shows it as
 * text instead of running it. A number is never changed: `-3` in a numeric column is data, not a formula.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify([header, ...rows] as unknown[][], {
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: String },
  });
}

/** SPEC §2: the in-page search, case-insensitive over the given fields of the loaded rows. */
export function filterRows<T>(
  rows: T[],
  text: string,
  fields: (row: T) => Array<string | number | null>,
): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    fields(row).some((value) => value !== null && String(value).toLowerCase().includes(needle)),
  );
}

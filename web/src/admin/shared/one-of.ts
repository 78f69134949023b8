/** The value if it is one of `values` (a select's string, narrowed to the enum it offers), else undefined. */
export function oneOf<V extends string>(values: readonly V[], value: string): V | undefined {
  return values.find((known) => known === value);
}

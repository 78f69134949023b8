/** SPEC §2, §9: counters are zero-padded to two digits below 10 ('07'); larger ones are shown as they are. */
export function padCounter(count: number): string {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`A counter is a whole number ≥ 0, got ${count}`);
  return String(count).padStart(2, '0');
}

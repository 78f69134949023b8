/** A moment as a table shows it, short and in the reader's own locale and zone ('5/13/26, 10:22:11 AM'). */
export const formatWhen = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

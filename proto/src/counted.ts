/** '1 call', '3 calls', '0 calls': a count with its noun, singular only for one. */
export function counted(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

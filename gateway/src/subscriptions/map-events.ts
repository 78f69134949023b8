const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * `source`'s values through `transform` (null skips one), as an iterator whose `return()` reaches `source` at once
 * (an async generator's would wait for the next value). `transform` may be async; after `return()` its result is
 * dropped.
 */
export function mapEvents<A, B>(
  source: AsyncIterator<A>,
  transform: (value: A) => B | null | Promise<B | null>,
): AsyncIterableIterator<B> {
  let ended = false;
  const end = async (): Promise<IteratorReturnResult<undefined>> => {
    ended = true;
    await source.return?.();
    return DONE;
  };
  return {
    async next(): Promise<IteratorResult<B>> {
      for (;;) {
        const result = await source.next();
        if (result.done || ended) return DONE;
        const value = await transform(result.value);
        if (ended) return DONE;
        if (value !== null) return { value, done: false };
      }
    },
    return: end,
    async throw(error: unknown): Promise<IteratorResult<B>> {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

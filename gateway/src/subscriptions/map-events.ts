const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * `source`'s values through `transform` (null skips one), as an iterator whose `return()` reaches `source` at once
 * (an async generator's would wait for the next value). `transform` may be async; after `return()` its result is
 * dropped; when it fails, `source` is returned and `next()` rejects with its error. Written with `then` rather than
 * `await`: it runs once per subscription per event, and each await is another promise and microtask.
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
  // Its consumer (graphql-ws's for-await) will not call return() after a failed next(): free the source here.
  const failed = (error: unknown): Promise<never> =>
    end().then(() => {
      throw error;
    });
  const emit = (value: B | null): IteratorResult<B> | Promise<IteratorResult<B>> => {
    if (ended) return DONE;
    if (value === null) return next();
    return { value, done: false };
  };
  const step = (result: IteratorResult<A>): IteratorResult<B> | Promise<IteratorResult<B>> => {
    if (result.done || ended) return DONE;
    let value: B | null | Promise<B | null>;
    try {
      value = transform(result.value);
    } catch (error) {
      return failed(error);
    }
    return isPromiseLike(value) ? Promise.resolve(value).then(emit, failed) : emit(value);
  };
  const next = (): Promise<IteratorResult<B>> => source.next().then(step);
  return {
    next,
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

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === 'function';
}

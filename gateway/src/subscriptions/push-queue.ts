const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * An async iterator fed by `push`. `return()` ends it at once, even while a `next()` is waiting: graphql-ws calls
 * `return()` when a client completes or its socket closes, and an async generator parked in `for await` would queue
 * that call behind its wait (until the next event, maybe never), keeping the subscription alive. `onEnd` runs once,
 * however it ends (returned, failed, or ended by the hub).
 */
export class PushQueue<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | null =
    null;
  private failure: { error: unknown } | null = null;
  private ended = false;

  constructor(
    private readonly onEnd: () => void,
    /** Past this many undelivered values the subscriber is too slow: it fails with `overflow()`'s error. */
    private readonly maxBuffered: number,
    private readonly overflow: () => unknown,
  ) {}

  get isEnded(): boolean {
    return this.ended;
  }

  push(value: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
      return;
    }
    if (this.buffered.length >= this.maxBuffered) return this.fail(this.overflow());
    this.buffered.push(value);
  }

  /** Ends the iterator with `error`: values already buffered are dropped, the next `next()` rejects with it. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.buffered.length = 0;
    if (this.waiting) {
      const { reject } = this.waiting;
      this.waiting = null;
      reject(error);
    } else {
      this.failure = { error };
    }
    this.finish();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffered.length > 0) return Promise.resolve({ value: this.buffered.shift()!, done: false });
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve(DONE);
  }

  throw(error: unknown): Promise<IteratorResult<T>> {
    this.end();
    return Promise.reject(error);
  }

  /** Ends the iterator: a waiting `next()` resolves as done, buffered values are dropped. */
  end(): void {
    if (this.ended) return;
    this.buffered.length = 0;
    this.failure = null;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(DONE);
    this.finish();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private finish(): void {
    this.ended = true;
    this.onEnd();
  }
}

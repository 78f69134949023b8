const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/** Buffered values handed out in a row before the next one waits for the event loop to turn. */
const SERVED_BEFORE_A_TURN = 8;

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
  private servedInARow = 0;

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
    if (this.buffered.length > 0) {
      const value = this.buffered.shift()!;
      // graphql-ws sends each value and asks for the next within one turn of the event loop: 300 catch-ups of 150
      // buffered events kept other users' requests waiting seconds (bench/edge-stall.mjs). Every few values in a
      // row, the next one waits for the loop to turn.
      this.servedInARow += 1;
      if (this.servedInARow < SERVED_BEFORE_A_TURN) return Promise.resolve({ value, done: false });
      this.servedInARow = 0;
      return new Promise((resolve) =>
        setImmediate(() => resolve(this.ended ? DONE : { value, done: false })),
      );
    }
    this.servedInARow = 0;
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

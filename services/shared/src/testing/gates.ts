/** A promise settled from outside: a test decides exactly when a step it holds up goes on. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** `arrive()` waits until `parties` callers have arrived, then lets all of them go on together. */
export function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  const everyone = deferred();
  return () => {
    arrived += 1;
    if (arrived === parties) everyone.resolve();
    return everyone.promise;
  };
}

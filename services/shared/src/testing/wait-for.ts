/**
 * Polls `check` every 25 ms until it returns a truthy value, and answers that value. A check that throws is tried
 * again. It is checked at least once, and once more when `timeoutMs` has passed, so a condition met during the
 * last pause still counts; then it fails naming `what` and the last error the check threw.
 */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const lastTry = Date.now() >= deadline;
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (lastTry) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`,
  );
}

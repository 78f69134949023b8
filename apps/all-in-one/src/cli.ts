/** Writes `message` (stdout for 0, stderr otherwise) and returns `code`, so a command can `return print(…)`. */
export function print(message: string, code: number): number {
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  return code;
}

/** Runs a command's `main` and exits with its code; an unexpected failure is one line and exit code 1. */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

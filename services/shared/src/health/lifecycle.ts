import { type Logger } from '../logging';

export type ShutdownStep = { name: string; run: () => Promise<void> };

/**
 * On SIGTERM or SIGINT, runs the steps in order (stop taking work, finish what is in flight, close connections)
 * and exits 0. When `timeoutMs` (SHUTDOWN_TIMEOUT_MS) passes first it exits 0 too, with a warning: what was not
 * finished is not lost (jobs are redelivered, outbox rows stay), so an orchestrator must not see a crash. A second
 * signal exits 1 at once.
 */
export function shutdownOnSignals(logger: Logger, steps: ShutdownStep[], timeoutMs = 20_000): void {
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.warn(
        { timeoutMs },
        'shutdown drain ran out: exiting; unfinished jobs are delivered again elsewhere',
      );
      process.exit(0);
    }, timeoutMs);
    timer.unref();
    void runSteps(logger, steps).then(() => {
      logger.info('shut down cleanly');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

export async function runSteps(logger: Logger, steps: ShutdownStep[]): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      logger.warn({ err: error, step: step.name }, 'shutdown step failed');
    }
  }
}

/** Logs and exits on a failure at start-up, printing a ConfigError's message as it is. */
export function exitOnStartupFailure(logger: Logger, error: unknown): never {
  if (error instanceof Error && error.name === 'ConfigError') {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'start-up failed');
  }
  process.exit(1);
}

import { createLogger, type Logger } from '@promptloom/shared';

/** A logger whose JSON lines are kept in memory, for tests that check what the product logs. */
export function capturedLogger(level: Parameters<typeof createLogger>[1] = 'info'): {
  logger: Logger;
  lines: Array<Record<string, unknown>>;
} {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('test', level, {
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return { logger, lines };
}

import pino, { type Logger } from 'pino';
import { activeTraceFields } from '../tracing/spans';
import { currentLogFields } from './log-context';

export type { Logger };

/** Paths whose values never reach a log line, wherever they appear. */
export const REDACTED_PATHS = [
  'password',
  'password_confirmation',
  'token',
  'access_token',
  'apiKey',
  'secret',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.access_token',
  '*.apiKey',
  '*.secret',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

/**
 * JSON logs on stdout, one line each, with secrets redacted. `service` names the process in every line; lines written
 * while a request is handled carry its `requestId` (see withLogContext), and with tracing on its `trace_id`. `destination`: stdout unless given.
 */
export function createLogger(
  service: string,
  level: string = 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ ...currentLogFields(), ...activeTraceFields() }),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** What the bus adapters log through: a pino logger fits as is. Payloads are never logged. */
export interface BusLogger {
  debug?(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentBusLogger: BusLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

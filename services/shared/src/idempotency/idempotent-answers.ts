import { type ServiceName } from '@promptloom/proto';
import { type Bus } from '../bus/bus';
import { type Database } from '../db/database';
import { type Logger } from '../logging';
import { IdempotencyKeys } from './idempotency-keys';

/** Each bus's services that keep their answers; `handle` looks here (one bus may carry all three, embedded). */
const keysByBus = new WeakMap<Bus, Map<ServiceName, IdempotencyKeys>>();

const EXPIRED_KEYS_SWEEP_MS = 60 * 60 * 1000;

export interface IdempotentAnswersOptions {
  bus: Bus;
  service: ServiceName;
  /** The service's database: its `idempotency_keys` table, written in the same transactions as its changes. */
  orm: Database;
  logger?: Logger;
  /** How long a key is kept; 24 hours by default. */
  ttlMs?: number;
}

/**
 * Makes the service's operations on `bus` answer a repeated Idempotency-Key with the first answer (README
 * "Retrying a write safely"), and deletes expired keys every hour. `stop()` ends both.
 */
export function keepIdempotentAnswers(options: IdempotentAnswersOptions): { stop(): void } {
  const keys = new IdempotencyKeys(options.orm, options.logger, options.ttlMs);
  const services = keysByBus.get(options.bus) ?? new Map<ServiceName, IdempotencyKeys>();
  keysByBus.set(options.bus, services);
  services.set(options.service, keys);

  const sweep = () =>
    keys
      .deleteExpired()
      .then((deleted) => {
        if (deleted > 0) options.logger?.info({ deleted }, 'Expired Idempotency-Keys deleted');
      })
      .catch((error: unknown) =>
        options.logger?.warn({ err: error }, 'Could not delete expired Idempotency-Keys'),
      );
  const timer = setInterval(() => void sweep(), EXPIRED_KEYS_SWEEP_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (services.get(options.service) === keys) services.delete(options.service);
    },
  };
}

export function idempotencyKeysOf(bus: Bus, service: ServiceName): IdempotencyKeys | undefined {
  return keysByBus.get(bus)?.get(service);
}

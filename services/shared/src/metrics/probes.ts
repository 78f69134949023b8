import { Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

/** Figures read from their source at each scrape (a queue's backlog, a pool's use), never frozen by a failure. */
export type Probe = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;

/**
 * How long a scrape waits for one probe. A probe asks a server (NATS, PostgreSQL); while that server is down its
 * client may wait out its own timeout (5 s or more), and a scrape waiting for it would miss Prometheus's scrape
 * timeout and lose every metric, just when they are wanted.
 */
export const PROBE_TIMEOUT_MS = 1000;

type Readings = Awaited<ReturnType<Probe>>;

/** The probe's readings, or none when it fails or has not answered within PROBE_TIMEOUT_MS. */
function readWithin(probe: Probe): Promise<Readings> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), PROBE_TIMEOUT_MS);
    const settle = (readings: Readings) => {
      clearTimeout(timer);
      resolve(readings);
    };
    probe().then(settle, () => settle([]));
  });
}

/**
 * A gauge whose values come from the probes registered now: a consumer or a database registers one while it runs
 * and removes it when it stops. A probe that fails or is slow (its server is down) contributes nothing to that
 * scrape.
 */
export function probedGauge(name: string, help: string, labelNames: readonly string[]) {
  const probes = new Set<Probe>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const readings = await Promise.all([...probes].map(readWithin));
      for (const { labels, value } of readings.flat()) this.set(labels, value);
    },
  });
  return {
    register(probe: Probe): () => void {
      probes.add(probe);
      return () => void probes.delete(probe);
    },
  };
}

export const jobQueueGauges = {
  pending: probedGauge('job_queue_pending', 'Jobs waiting on a queue, not yet delivered, by queue.', [
    'queue',
  ]),
  inFlight: probedGauge(
    'job_queue_unacknowledged',
    'Jobs delivered and not yet acknowledged (running somewhere, or held by a worker that died), by queue.',
    ['queue'],
  ),
  redelivered: probedGauge(
    'job_queue_redelivered',
    'Jobs delivered more than once and not yet acknowledged, by queue.',
    ['queue'],
  ),
};

export const eventConsumerLag = probedGauge(
  'event_consumer_pending',
  'Events a durable subscriber has not yet been given (its lag), by durable name.',
  ['durable'],
);

export const deadLettersStored = probedGauge(
  'dead_letters_stored',
  'Jobs and events in the dead-letter stream, waiting for an admin.',
  [],
);

export const databasePool = probedGauge(
  'db_pool_connections',
  "Connections of a service's database pool by state: used, free, pending (requests waiting for one).",
  ['schema', 'state'],
);

import { type BusSigner } from '@promptloom/proto';
import { NatsBus, SignedBus, busKeysFromConfig, natsConnectionSettings } from '../bus';
import { loadConfig, requireSettings, type Config } from '../config';
import {
  drainingReadiness,
  exitOnStartupFailure,
  shutdownOnSignals,
  startHealthServer,
  type ReadinessCheck,
} from '../health';
import { createLogger, type Logger } from '../logging';
import { sendMetrics } from '../metrics/registry';
import { shutdownTracing } from '../tracing/tracing-switch';

export type ServiceProcessConfig = Config & Required<Pick<Config, 'DATABASE_URL' | 'NATS_URL'>>;

/** What a service's start function returns: its readiness checks and how to stop it. */
export interface StartedService {
  readinessChecks: ReadinessCheck[];
  stop(): Promise<void>;
}

/**
 * Runs one service as its own process (distributed mode): validated config, NATS, the service, a health server
 * on PORT (or the service's default) with Prometheus `/metrics`, and graceful shutdown on SIGTERM. A bad setting stops the start with a
 * message naming it.
 */
export function runServiceProcess(options: {
  /** The process name in logs and on the NATS connection: 'admin', 'ai-worker', 'signature-stream'. */
  name: string;
  /** Who the service signs its own bus requests as (BUS_PRIVATE_KEY is this signer's). */
  signer: BusSigner;
  defaultPort: number;
  start(context: { config: ServiceProcessConfig; bus: SignedBus; logger: Logger }): Promise<StartedService>;
}): void {
  const logger = createLogger(options.name, process.env.LOG_LEVEL ?? 'info');
  const run = async () => {
    const config = requireSettings(loadConfig(), ['DATABASE_URL', 'NATS_URL'], `to run ${options.name}`);
    const keys = busKeysFromConfig(config, options.signer);
    const nats = await NatsBus.connect({
      ...natsConnectionSettings(config),
      namespace: config.BUS_NAMESPACE,
      requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS,
      name: options.name,
      logger,
    });
    const bus = new SignedBus(nats, { keys, logger, proofTtlMs: config.BUS_PROOF_TTL_MS });
    const service = await options.start({ config, bus, logger });
    const draining = drainingReadiness(config.SHUTDOWN_READY_DELAY_MS);
    const health = await startHealthServer({
      port: config.PORT ?? options.defaultPort,
      host: config.HOST,
      checks: [
        ...service.readinessChecks,
        { name: 'bus', check: async () => bus.isConnected() },
        draining.check,
      ],
      extraRoutes: { '/metrics': sendMetrics },
    });
    logger.info({ port: health.port }, `${options.name} running`);
    shutdownOnSignals(
      logger,
      [
        draining.step,
        { name: options.name, run: () => service.stop() },
        { name: 'bus', run: () => bus.close() },
        { name: 'health server', run: () => health.close() },
        { name: 'tracing', run: shutdownTracing },
      ],
      config.SHUTDOWN_TIMEOUT_MS,
    );
  };
  run().catch((error: unknown) => exitOnStartupFailure(logger, error));
}

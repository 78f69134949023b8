import './tracing';
import { databasePoolSettings, runServiceProcess } from '@promptloom/shared';
import { startAiWorker } from './ai-worker';
import { aiWorkerSettings } from './worker-settings';

/** The AI worker as its own process (distributed mode). */
runServiceProcess({
  name: 'ai-worker',
  signer: 'ai',
  defaultPort: 4102,
  start: ({ config, bus, logger }) =>
    startAiWorker({
      databaseUrl: config.DATABASE_URL,
      databasePool: databasePoolSettings(config),
      bus,
      logger,
      ...aiWorkerSettings(config),
    }),
});

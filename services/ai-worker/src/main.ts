import { runServiceProcess } from '@promptloom/shared';
import { startAiWorker } from './ai-worker';
import { jobSettingsOf, loadWorkerSettings } from './worker-settings';

/** The AI worker as its own process (distributed mode). */
runServiceProcess({
  name: 'ai-worker',
  defaultPort: 4102,
  start: ({ config, bus, logger }) => {
    const settings = loadWorkerSettings();
    return startAiWorker({
      databaseUrl: config.DATABASE_URL,
      bus,
      logger,
      provider: {
        apiKey: config.OPENAI_API_KEY,
        baseUrl: config.OPENAI_BASE_URL,
        timeoutMs: settings.AI_PROVIDER_TIMEOUT_MS,
      },
      jobs: jobSettingsOf(settings),
    });
  },
});

import { runServiceProcess } from '@promptloom/shared';
import { startAiWorker } from './ai-worker';
import { loadWorkerSettings } from './worker-settings';

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
      jobAckWaitMs: settings.AI_JOB_ACK_WAIT_MS,
      jobConcurrency: settings.AI_JOB_CONCURRENCY,
      aiQuota: { defaultDailyLimit: config.AI_CALLS_PER_USER_PER_DAY, enabled: config.RATE_LIMITS_ENABLED },
    });
  },
});

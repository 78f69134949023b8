import { z } from 'zod';

/** The AI worker's own settings, beyond the shared configuration (README "Configuration"). */
const workerSettings = z.object({
  AI_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_JOB_ACK_WAIT_MS: z.coerce.number().int().positive().default(120_000),
  AI_JOB_CONCURRENCY: z.coerce.number().int().positive().max(64).default(4),
});

export function loadWorkerSettings(env: NodeJS.ProcessEnv = process.env) {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = workerSettings.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuration error:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}

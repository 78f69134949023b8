import { z } from 'zod';
import { type Config } from '@promptloom/shared';
import { type AiWorkerOptions } from './ai-worker';
import { DEFAULT_AI_PRICES, parsePriceTable } from './calls/prices';
import { parseOfferedModels } from './provider/offered-models';
import { DEFAULT_REPLY_TOKENS_ESTIMATE } from './quota/ai-quota';

/** The AI worker's own settings, beyond the shared configuration (README "Configuration"). */
const workerSettings = z.object({
  AI_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_PROVIDER_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** JSON-schema replies: auto = with OpenAI itself, on = also with a compatible server that supports them. */
  AI_STRUCTURED_OUTPUT: z.enum(['auto', 'on', 'off']).default('auto'),
  /** `product model=provider model` pairs, comma separated: which model of the provider serves each name. */
  AI_MODEL_MAP: z
    .string()
    .regex(/^\s*[^=,\s]+\s*=\s*[^=,\s]+\s*(,\s*[^=,\s]+\s*=\s*[^=,\s]+\s*)*$/u, {
      error: "AI_MODEL_MAP must look like 'gpt-4o=llama3.1:8b,gpt-3.5-turbo=qwen2.5:7b'.",
    })
    .transform((text) =>
      Object.fromEntries(text.split(',').map((pair) => pair.split('=').map((part) => part.trim()))),
    )
    .optional(),
  /**
   * The models users choose from, `label=provider model` pairs in order: `Fast=gpt-4o-mini,Best=gpt-4o`. Unset: SPEC
   * §9's four models, each served by its own name (or AI_MODEL_MAP's).
   */
  AI_MODELS: z
    .string()
    .transform((text, context) => {
      try {
        return parseOfferedModels(text);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message:
            `AI_MODELS must look like 'Fast=gpt-4o-mini,Best=gpt-4o' (label=provider model, comma separated, ` +
            `labels of letters, digits, spaces or ._:()/+-, each once): ${(error as Error).message}.`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  /** How users see a self-hosted provider named when it fails (default 'OpenAI-compatible server'). */
  AI_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
  /** Tokens per user per UTC day when an admin set no override; unset: tokens are not limited (calls still are). */
  AI_TOKENS_PER_USER_PER_DAY: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  /** Tokens reserved for the reply of a call that names no max_tokens (a Run, a chat without it). */
  AI_REPLY_TOKENS_ESTIMATE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_REPLY_TOKENS_ESTIMATE),
  AI_JOB_ACK_WAIT_MS: z.coerce.number().int().positive().default(10_000),
  AI_JOB_RETRY_FOR_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  AI_JOB_RETRY_MIN_DELAY_MS: z.coerce.number().int().positive().default(1_000),
  AI_JOB_RETRY_MAX_DELAY_MS: z.coerce.number().int().positive().default(60_000),
  AI_JOB_CONCURRENCY: z.coerce.number().int().positive().max(64).default(4),
  /** Dollars per million input/output tokens by model: `gpt-4o-mini=0.15/0.60,gpt-4o=2.50/10.00`. */
  AI_PRICES: z
    .string()
    .default(DEFAULT_AI_PRICES)
    .refine(
      (text) => {
        try {
          parsePriceTable(text);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be model=input/output pairs, comma separated (dollars per million tokens)' },
    ),
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

/**
 * Every setting the worker reads from the environment, as start options: the one place both ways to run it (its own
 * process, and the all-in-one app) take them from.
 */
export function aiWorkerSettings(
  config: Pick<
    Config,
    'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'AI_CALLS_PER_USER_PER_DAY' | 'RATE_LIMITS_ENABLED'
  >,
  env: NodeJS.ProcessEnv = process.env,
): Pick<AiWorkerOptions, 'provider' | 'jobs' | 'aiQuota' | 'aiPrices' | 'models'> {
  const settings = loadWorkerSettings(env);
  return {
    provider: {
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      timeoutMs: settings.AI_PROVIDER_TIMEOUT_MS,
      maxRetries: settings.AI_PROVIDER_RETRIES,
      structuredOutput: settings.AI_STRUCTURED_OUTPUT,
      modelMap: settings.AI_MODEL_MAP,
      name: settings.AI_PROVIDER_NAME,
    },
    models: settings.AI_MODELS,
    jobs: jobSettingsOf(settings),
    aiQuota: {
      defaultDailyLimit: config.AI_CALLS_PER_USER_PER_DAY,
      enabled: config.RATE_LIMITS_ENABLED,
      defaultDailyTokens: settings.AI_TOKENS_PER_USER_PER_DAY ?? null,
      replyTokensEstimate: settings.AI_REPLY_TOKENS_ESTIMATE,
    },
    aiPrices: settings.AI_PRICES,
  };
}

/** The work-queue part of the settings, as startAiWorker takes it. */
export function jobSettingsOf(settings: ReturnType<typeof loadWorkerSettings>): JobSettings {
  return {
    ackWaitMs: settings.AI_JOB_ACK_WAIT_MS,
    retryForMs: settings.AI_JOB_RETRY_FOR_MS,
    retryMinDelayMs: settings.AI_JOB_RETRY_MIN_DELAY_MS,
    retryMaxDelayMs: settings.AI_JOB_RETRY_MAX_DELAY_MS,
    concurrency: settings.AI_JOB_CONCURRENCY,
  };
}

/** How generation jobs are taken (see ConsumeOptions); each unset one has the worker's default. */
export interface JobSettings {
  ackWaitMs?: number;
  retryForMs?: number;
  retryMinDelayMs?: number;
  retryMaxDelayMs?: number;
  concurrency?: number;
}

import { z } from 'zod';
import { trustProxySetting } from './trust-proxy';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: "must be 'true' or 'false'" })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');
const url = (protocols: RegExp, example: string) =>
  z
    .string()
    .regex(protocols, { error: `must be a URL like ${example}` })
    .optional();

/** An Ed25519 key as `npm run keys` prints it: 32 bytes, base64url. */
const RAW_KEY = /^[A-Za-z0-9_-]{43}$/;
const rawKey = z
  .string()
  .regex(RAW_KEY, { error: 'must be a key as `npm run keys` prints it (43 characters)' });
/** BUS_PUBLIC_KEYS_*: one signer's public keys, comma-separated (two while a key is being rotated). */
const publicKeys = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== ''),
  )
  .pipe(z.array(rawKey).min(1, { error: 'must list at least one public key' }))
  .optional();

const NATS_SERVER = /^(nats|tls|wss?):\/\/[^\s,]+$/;
/** NATS_URL: one server URL or several separated by commas (a cluster's seed list), as a list. */
const natsServers = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((server) => server.trim())
      .filter((server) => server !== ''),
  )
  .pipe(
    z
      .array(z.string().regex(NATS_SERVER, { error: 'must be a URL like nats://127.0.0.1:4222' }))
      .min(1, { error: 'must be a URL like nats://127.0.0.1:4222' }),
  )
  .optional();

/** An origin as a browser sends it: scheme, host and port, no path (`https://app.example.com`). */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
/** A comma-separated list of origins, e.g. `https://app.example.com,https://admin.example.com`. */
const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(ORIGIN, { error: 'must list origins like https://app.example.com, separated by commas' }),
    ),
  )
  .default([]);

/**
 * Every setting of every process, read from the environment once at start-up. Each process takes what it needs;
 * `requireSettings` turns an absent setting that a process cannot do without into a clear start-up error.
 * README.md ("Configuration") explains each variable.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Each process has its own default: gateway 4000, admin 4101, ai-worker 4102, signature-stream 4103. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: url(/^postgres(ql)?:\/\/.+/, 'postgres://user:password@host:5432/promptloom'),
  /** Put into DATABASE_URL, percent-encoded: a password with `/`, `@` or `#` needs no escaping by hand. */
  DATABASE_PASSWORD: z.string().min(1).optional(),
  DATABASE_POOL_MAX: positiveInt(10),
  /** A statement running longer is cancelled (the request answers 503); 0 turns the limit off. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a query waits for a free pooled connection before it fails (503) instead of hanging. */
  DATABASE_POOL_WAIT_MS: positiveInt(10_000),
  /** How long a start waits for another process's migrations (the advisory locks) before it fails. */
  MIGRATION_LOCK_TIMEOUT_MS: positiveInt(120_000),
  /** One server or a seed list of a cluster: `nats://a:4222,nats://b:4222`. */
  NATS_URL: natsServers,
  /** This process's NATS user; deploy/nats.conf gives each one only its own subjects. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  NATS_TLS_CERT_FILE: z.string().min(1).optional(),
  NATS_TLS_KEY_FILE: z.string().min(1).optional(),
  BUS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { error: 'may hold only letters, digits and -' })
    .optional(),
  BUS_REQUEST_TIMEOUT_MS: positiveInt(5000),
  // The signed actor (README "Security"): this process's private key and every signer's public keys; the embedded
  // product generates its own at start.
  BUS_PRIVATE_KEY: rawKey.optional(),
  BUS_PUBLIC_KEYS_GATEWAY: publicKeys,
  BUS_PUBLIC_KEYS_ADMIN: publicKeys,
  BUS_PUBLIC_KEYS_AI: publicKeys,
  BUS_PUBLIC_KEYS_SIGNATURE: publicKeys,
  /** How long a request's signed statement holds; a statement seen again within it is refused as a replay. */
  BUS_PROOF_TTL_MS: positiveInt(30_000),
  /** On SIGTERM /readyz answers 503 this long before the listener closes, so a balancer stops sending first. */
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** The whole drain (readiness delay, in-flight work, connections); past it the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: positiveInt(20_000),
  S3_ENDPOINT: z.string().min(1).optional(),
  S3_PORT: port(9000),
  S3_USE_SSL: flag(false),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).default('promptloom'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SESSION_IDLE_MINUTES: positiveInt(60),
  SESSION_CHECK_TTL_MS: positiveInt(5_000),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: url(/^https?:\/\/.+/, 'http://127.0.0.1:8080/v1'),
  MAX_BODY_BYTES: positiveInt(1_048_576),
  IMAGE_MAX_BYTES: positiveInt(15 * 1024 * 1024),
  IMAGE_MAX_PIXELS: positiveInt(40_000_000),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Other origins whose pages may call the API from a browser; none by default (CORS closed). */
  CORS_ORIGINS: origins,
  /** Which peers may set the client's address through X-Forwarded-For (README "Configuration"). */
  TRUST_PROXY: trustProxySetting,
  RATE_LIMITS_ENABLED: flag(true),
  REQUESTS_PER_USER_PER_MINUTE: positiveInt(600),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: positiveInt(100),
  LOGIN_FAILURES_PER_IP_PER_HOUR: positiveInt(500),
  SIGNUPS_PER_IP_PER_HOUR: positiveInt(10),
  /** Each service's limit counters have a pool of their own (README "Limits"): size, wait for a connection, query. */
  LIMIT_STORE_POOL_MAX: positiveInt(4),
  LIMIT_STORE_WAIT_MS: positiveInt(300),
  LIMIT_STORE_STATEMENT_TIMEOUT_MS: positiveInt(300),
  AI_CALLS_PER_USER_PER_DAY: z.coerce.number().int().min(0).default(200),
  PROMPT_VERSIONS_PER_USER_PER_MINUTE: positiveInt(120),
  // Edge limits (README "Limits at the edge").
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  GRAPHQL_MAX_DEPTH: positiveInt(12),
  GRAPHQL_MAX_ALIASES: positiveInt(15),
  GRAPHQL_MAX_COST: positiveInt(5000),
  GRAPHQL_MAX_TOKENS: positiveInt(5000),
  GRAPHQL_MAX_DOCUMENT_BYTES: positiveInt(32 * 1024),
  GRAPHQL_MAX_VARIABLES_BYTES: positiveInt(1024 * 1024),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: positiveInt(100),
  WS_MAX_SUBSCRIPTIONS_PER_USER: positiveInt(300),
  WS_MAX_MESSAGES_PER_SECOND: positiveInt(100),
  WS_CONNECTION_INIT_TIMEOUT_MS: positiveInt(3000),
  PASSWORD_HASH_THREADS: positiveInt(2),
  PASSWORD_HASH_QUEUE: positiveInt(32),
  PASSWORD_HASH_MAX_WAIT_MS: positiveInt(3000),
  UPLOAD_MAX_PENDING_IMAGES: positiveInt(10),
  UPLOAD_MAX_PENDING_BYTES: positiveInt(64 * 1024 * 1024),
  // Tracing (README "Tracing"): off unless an OTLP endpoint is set.
  OTEL_EXPORTER_OTLP_ENDPOINT: url(/^https?:\/\/.+/, 'http://jaeger:4318'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url(/^https?:\/\/.+/, 'http://jaeger:4318/v1/traces'),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  OTEL_SDK_DISABLED: flag(false),
  /** The share of new traces kept (0 to 1); a trace a caller started keeps the caller's decision. */
  TRACING_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(1),
});

export type Config = z.infer<typeof configSchema>;
export type SettingName = keyof Config;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      // A list setting's element (NATS_URL.1) is named by its variable: that is what the operator sets.
      result.error.issues.map((issue) => `${String(issue.path[0])} ${describeIssue(issue, present)}`),
    );
  }
  const problems = settingsThatDisagree(result.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return withDatabasePassword(result.data);
}

/**
 * Settings valid alone but not together. A sign-in's password hash (its wait and the hash) runs inside one bus
 * request beside the limit checks: past 60 % of the bus timeout a busy moment would answer 503 instead of 429.
 */
function settingsThatDisagree(config: Config): string[] {
  const problems: string[] = [];
  if (config.PASSWORD_HASH_MAX_WAIT_MS > config.BUS_REQUEST_TIMEOUT_MS * 0.6)
    problems.push(
      `PASSWORD_HASH_MAX_WAIT_MS must be at most 60% of BUS_REQUEST_TIMEOUT_MS (${config.BUS_REQUEST_TIMEOUT_MS}) (got '${config.PASSWORD_HASH_MAX_WAIT_MS}')`,
    );
  return problems;
}

/** DATABASE_URL with DATABASE_PASSWORD put in (percent-encoded), so compose never builds a URL from a raw secret. */
function withDatabasePassword(config: Config): Config {
  if (!config.DATABASE_URL || !config.DATABASE_PASSWORD) return config;
  const url = new URL(config.DATABASE_URL);
  url.password = encodeURIComponent(config.DATABASE_PASSWORD);
  return { ...config, DATABASE_URL: url.toString() };
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, unknown>): string {
  const name = String(issue.path[0]);
  const secret = /SECRET|PASSWORD|KEY/.test(name);
  const shown = secret ? '' : ` (got '${String(env[name])}')`;
  if (issue.code === 'invalid_type') return `must be ${issue.expected}${shown}`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')}${shown}`;
  return `${issue.message}${shown}`;
}

/** Throws a ConfigError listing every named setting that is absent: for what one process cannot start without. */
export function requireSettings<K extends SettingName>(
  config: Config,
  names: K[],
  why: string,
): Config & Required<Pick<Config, K>> {
  const missing = names.filter((name) => config[name] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name} is required ${why}`));
  return config as Config & Required<Pick<Config, K>>;
}

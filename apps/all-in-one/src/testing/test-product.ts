import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_HASHING_LIMITS,
  startAdminService,
  type HashingLimits,
  type PasswordHashCost,
  type RunningService,
  type SignInLimitSettings,
} from '@promptloom/admin';
import { startAiWorker, type AiProvider, type JobSettings } from '@promptloom/ai-worker';
import { createGateway, type Gateway, type GatewayOptions } from '@promptloom/gateway';
import {
  DiskObjectStore,
  InProcessBus,
  createLogger,
  type Bus,
  type Logger,
  type ObjectStore,
} from '@promptloom/shared';
import { signedBuses, type TestDatabase } from '@promptloom/shared/testing';
import { createProductTestDatabase } from './product-database';
import {
  DEFAULT_IMAGE_LIMITS,
  startSignatureService,
  type ImageLimits,
  type PromptVersionLimitSettings,
  type RunningSignatureService,
} from '@promptloom/signature-stream';
import { TEST_JWT_SECRET } from './test-jwt-secret';

export interface TestProduct {
  baseUrl: string;
  /** The gateway's signed view of the bus: a test's request carries the gateway's statement of its actor. */
  bus: Bus;
  /** Every part's signed view and their keys (tests of the signatures themselves). */
  buses: ReturnType<typeof signedBuses>;
  /** The bus under the signed views, as an outsider on it would send. */
  unsignedBus: Bus;
  database: TestDatabase;
  admin: RunningService;
  signature: RunningSignatureService;
  ai: RunningService;
  /** The object store the gateway and the signature service share (a temporary folder unless one is given). */
  objects: ObjectStore;
  gateway: Gateway;
  stop(): Promise<void>;
}

export { TEST_JWT_SECRET };

/** The test bus waits 15 s: a password hash may take 60 % of it, as production's 3 s of 5 s (slow, loaded machines). */
const TEST_BUS_TIMEOUT_MS = 15_000;
export const TEST_PASSWORD_HASHING: HashingLimits = { ...DEFAULT_HASHING_LIMITS, maxWaitMs: 9_000 };
/**
 * argon2id at 1 MiB and one pass (2 ms, against 0.4 s of CPU at the product's cost): what a test proves of a sign-in
 * does not depend on the cost, and the suites sign users up and in all the time. Tests of the hashing pool
 * under load set PASSWORD_HASH_COST; the processes the process tier starts run the product's cost.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 1024, passes: 1, lanes: 1 };

/**
 * The product as `npm start` composes it (in-process bus, admin service, gateway on a real HTTP port), on a fresh
 * database of the machine's PostgreSQL instead of the embedded one, so tests start in a second.
 */
export async function startTestProduct(
  options: {
    sessionIdleMs?: number;
    /** How long the gateway trusts a looked-up session without an event (default 5 s). */
    sessionCheckTtlMs?: number;
    maxBodyBytes?: number;
    corsOrigins?: string[];
    webDistDir?: string;
    objectStore?: ObjectStore;
    imageLimits?: ImageLimits;
    /** How many prompt versions each user keeps (tests of the cap set a small one). */
    promptHistoryCap?: number;
    /** Prompt versions saved per user per minute (the limit's own test sets a small one). */
    promptVersionLimit?: PromptVersionLimitSettings;
    /** The AI provider: an OpenAI-compatible base URL (e.g. the fake server), a provider object, or offline. */
    openAiBaseUrl?: string;
    aiProvider?: AiProvider;
    aiProviderTimeoutMs?: number;
    /** AI_STRUCTURED_OUTPUT for the provider (default auto: off with a base URL). */
    aiStructuredOutput?: 'auto' | 'on' | 'off';
    /** The bus every part uses (closed by stop()); default a private in-process bus. */
    bus?: Bus;
    /** The password hashing pool; TEST_PASSWORD_HASHING by default. */
    passwordHashing?: HashingLimits;
    /** argon2id's cost; TEST_PASSWORD_HASH_COST by default. */
    passwordHashCost?: PasswordHashCost;
    /** Limits (README "Limits"); tests of a limit set small ones. */
    signInLimits?: Partial<SignInLimitSettings>;
    aiCallsPerDay?: number;
    requestLimits?: GatewayOptions['requestLimits'];
    /** Where every log line goes (tests that check what is logged); silent by default. */
    logger?: Logger;
    /** Gateway settings beyond the defaults (limits, production mode …). */
    gateway?: Partial<GatewayOptions>;
    /** How the AI worker takes generation jobs (short retry deadlines for fault tests). */
    aiJobs?: JobSettings;
    /** AI_TOKENS_PER_USER_PER_DAY; default none (tokens not limited). */
    aiTokensPerDay?: number;
    /** The models offered (AI_MODELS); default SPEC §9's four. */
    aiModels?: Array<{ label: string; providerModel: string }>;
    /** The address the gateway listens on and the tests call (default 127.0.0.1). */
    listenHost?: string;
    /** A database the test prepared (dropped by stop()); default a fresh copy of the migrated template. */
    database?: TestDatabase;
    /** How a fresh database's name starts (a run's own prefix, so the run can drop what it left). */
    databasePrefix?: string;
  } = {},
) {
  const logger = options.logger ?? createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const database = options.database ?? (await createProductTestDatabase(options.databasePrefix));
  // Generous: argon2 and migrations on a loaded machine must not turn into SERVICE_UNAVAILABLE.
  const unsignedBus = options.bus ?? new InProcessBus({ requestTimeoutMs: TEST_BUS_TIMEOUT_MS, logger });
  const buses = signedBuses(unsignedBus, { logger });
  const bus = buses.gateway;
  const admin = await startAdminService({
    databaseUrl: database.url,
    bus: buses.admin,
    logger,
    // Every test signs its users up from 127.0.0.1: only the tests of the limits themselves get small ones.
    signInLimits: { signupsPerIpPerHour: 100_000, failuresPerIpPerHour: 100_000, ...options.signInLimits },
    passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASHING,
    passwordHashCost: options.passwordHashCost ?? TEST_PASSWORD_HASH_COST,
  });
  const objectsFolder = options.objectStore
    ? null
    : await mkdtemp(path.join(tmpdir(), 'promptloom-objects-'));
  const objects = options.objectStore ?? new DiskObjectStore(objectsFolder!);
  const imageLimits = options.imageLimits ?? DEFAULT_IMAGE_LIMITS;
  const signature = await startSignatureService({
    databaseUrl: database.url,
    bus: buses.signature,
    logger,
    objectStore: objects,
    imageLimits,
    promptHistoryCap: options.promptHistoryCap,
    promptVersionLimit: options.promptVersionLimit,
  });
  const ai = await startAiWorker({
    databaseUrl: database.url,
    bus: buses.ai,
    logger,
    provider: {
      apiKey: options.openAiBaseUrl ? 'sk-test-key-never-shown' : undefined,
      baseUrl: options.openAiBaseUrl,
      timeoutMs: options.aiProviderTimeoutMs ?? 5000,
      structuredOutput: options.aiStructuredOutput,
    },
    providerOverride: options.aiProvider,
    aiQuota: {
      ...(options.aiCallsPerDay !== undefined && { defaultDailyLimit: options.aiCallsPerDay }),
      ...(options.aiTokensPerDay !== undefined && { defaultDailyTokens: options.aiTokensPerDay }),
    },
    jobs: options.aiJobs,
    models: options.aiModels,
  });
  const gateway: Gateway = await createGateway({
    bus,
    logger,
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: options.sessionIdleMs ?? 3_600_000,
    sessionCheckTtlMs: options.sessionCheckTtlMs,
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    corsOrigins: options.corsOrigins,
    webDistDir: options.webDistDir,
    readinessChecks: admin.readinessChecks,
    uploads: { objectStore: objects, maxBytes: imageLimits.maxBytes, maxPixels: imageLimits.maxPixels },
    requestLimits: options.requestLimits,
    ...options.gateway,
  });
  const host = options.listenHost ?? '127.0.0.1';
  const port = await gateway.listen(0, host);
  const product: TestProduct = {
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    bus,
    buses,
    unsignedBus,
    database,
    admin,
    signature,
    ai,
    objects,
    gateway,
    async stop() {
      await gateway.close();
      await signature.stop();
      await ai.stop();
      await admin.stop();
      await unsignedBus.close();
      await database.drop();
      if (objectsFolder) await rm(objectsFolder, { recursive: true, force: true });
    },
  };
  return product;
}

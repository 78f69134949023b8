import {
  GENERATION_QUEUE,
  accountEvents,
  aiChatOperation,
  aiEvents,
  aiOperations,
  awayOperations,
  aiUserChatOperation,
  packListOperations,
} from '@promptloom/proto';
import {
  OutboxEntrySchema,
  OutboxRelay,
  OutboxWriter,
  keepIdempotentAnswers,
  closeLimitStore,
  databaseIsReachable,
  answersWith,
  checksOverTheBus,
  openPostgresLimitStore,
  measuredJobHandler,
  onEvent,
  openDatabase,
  type Bus,
  type Database,
  type Logger,
  type ReadinessCheck,
  type Unsubscribe,
  type DatabasePoolSettings,
  callerOf,
} from '@promptloom/shared';
import {
  AiCalls,
  CallRecorder,
  DEFAULT_AI_PRICES,
  RecordingProvider,
  parsePriceTable,
  serveAiCalls,
} from './calls';
import { AppliedJobSchema } from './generation/applied-job.entity';
import { JobRunner } from './generation/job-runner';
import { RunHandlers } from './generation/run-handlers';
import { RecordOwners } from './lists/record-owners';
import { FinishedRuns } from './generation/finished-runs';
import { runsFinishedAway } from './generation/runs-finished-away';
import { AgentSettingsSchema } from './lists/agent-settings.entity';
import { ListHandlers } from './lists/list-handlers';
import { ListItemSchema } from './lists/list-item.entity';
import { SubElementHandlers } from './lists/sub-element-handlers';
import { SubElementSchema } from './lists/sub-element.entity';
import { aiMigrations } from './migrations';
import { importPack } from './packs/pack-import';
import { packContents } from './packs/pack-contents';
import { ChatHandlers } from './provider/chat-handler';
import { onlyForLiveSessions } from './generation/live-session-jobs';
import { serveAdminRecords } from './records';
import { createProvider, type AiProvider, type ProviderOptions } from './provider';
import { OfferedModels, type ConfiguredModel } from './provider/offered-models';
import { AiQuotaOverrideSchema } from './quota/ai-quota-override.entity';
import { AiQuotas, type AiQuotaSettings } from './quota/ai-quota';
import { ChargingProvider } from './quota/charging-provider';
import { SelectionHandlers } from './selection/selection-handlers';
import { SelectionImportHandler } from './selection/import-selection';
import { SelectionRestoreHandler } from './selection/restore-selection';
import { SelectionSchema } from './selection/selection.entity';
import { deleteUserRows } from './users-cleanup';
import { loadWorkerSettings, jobSettingsOf, type JobSettings } from './worker-settings';

export const AI_SCHEMA = 'ai';

export interface AiWorkerOptions {
  databaseUrl: string;
  /** Pool size, statement timeout and wait for a connection (DATABASE_POOL_*); DEFAULT_DATABASE_POOL by default. */
  databasePool?: DatabasePoolSettings;
  bus: Bus;
  logger: Logger;
  provider: ProviderOptions;
  /** false: leave recorded events in the outbox (short-lived tools). */
  publishEvents?: boolean;
  /** false: answer requests but take no generation jobs. Default true. */
  consumeJobs?: boolean;
  /** Work-queue settings (README "AI worker"); defaults: worker-settings.ts. */
  jobs?: JobSettings;
  /** The clock, for run gating ("today"). */
  now?: () => Date;
  /** Replaces the provider built from `provider` (tests). */
  providerOverride?: AiProvider;
  /** AI calls per user per day (README "Limits"); default 200 a day, enabled. */
  aiQuota?: Partial<AiQuotaSettings>;
  /** The models users choose from (AI_MODELS); default SPEC §9's four, each served by its own name. */
  models?: readonly ConfiguredModel[];
  /** The price table of estimated costs, as AI_PRICES (README "AI Calls"); default DEFAULT_AI_PRICES. */
  aiPrices?: string;
}

export interface RunningService {
  orm: Database;
  readinessChecks: ReadinessCheck[];
  stop(): Promise<void>;
}

/** Starts the AI worker: the four lists, sub-elements, agent settings, selection, chat proxy and generation jobs. */
export async function startAiWorker(options: AiWorkerOptions): Promise<RunningService> {
  const { bus, logger, publishEvents = true } = options;
  const orm = await openDatabase({
    url: options.databaseUrl,
    pool: options.databasePool,
    schema: AI_SCHEMA,
    entities: [
      ListItemSchema,
      AgentSettingsSchema,
      SubElementSchema,
      SelectionSchema,
      AppliedJobSchema,
      AiQuotaOverrideSchema,
      OutboxEntrySchema,
    ],
    migrations: aiMigrations,
    logger,
  });
  const relay = new OutboxRelay(orm, bus, AI_SCHEMA, { logger });
  if (publishEvents) relay.start();

  const em = () => orm.em.fork();
  const writer = new OutboxWriter(orm, bus, relay);
  const idempotentAnswers = keepIdempotentAnswers({ bus, service: 'ai', orm, logger });
  const now = options.now ?? (() => new Date());
  const offered = new OfferedModels(options.models);
  // A configured label is served by its provider model; AI_MODEL_MAP still maps every other name (internal models).
  const modelMap = { ...options.provider.modelMap, ...(options.models && offered.providerModels()) };
  // Every provider call goes through the recorder: one seam, whichever handler or job makes the call.
  const recording = new RecordingProvider(
    options.providerOverride ?? createProvider({ ...options.provider, modelMap }),
    new CallRecorder(writer, (tx) => new AiCalls(tx, AI_SCHEMA)),
    parsePriceTable(options.aiPrices ?? DEFAULT_AI_PRICES),
    logger,
    (model) => modelMap[model] ?? model,
  );
  const limitStore = await openPostgresLimitStore(options.databaseUrl, AI_SCHEMA);
  const quotas = new AiQuotas(
    limitStore,
    em,
    bus,
    { defaultDailyLimit: 200, enabled: true, ...reservationTimes(options), ...options.aiQuota },
    logger,
    () => new Date(),
    AI_SCHEMA,
  );
  // And through the quota: each call's real tokens are charged to its user before the caller settles.
  const provider = new ChargingProvider(recording, quotas, logger);
  const chat = new ChatHandlers(provider, logger, quotas, offered);
  const lists = new ListHandlers(em, bus, writer, now);
  const subElements = new SubElementHandlers(em, bus, writer);
  const selection = new SelectionHandlers(em, writer);
  const selectionImport = new SelectionImportHandler(writer);
  const selectionRestore = new SelectionRestoreHandler(writer);
  const runs = new RunHandlers(em, bus, now, quotas, offered);
  const jobs = new JobRunner(em, provider, writer, logger, bus, quotas);

  const owners = new RecordOwners(em);
  const on = answersWith(bus, checksOverTheBus(bus));
  const ops = aiOperations;
  const unsubscribes: Unsubscribe[] = await Promise.all([
    on(aiChatOperation, (request, context) => chat.chat(request, context)),
    on(aiUserChatOperation, (request, context) => chat.userChat(request, callerOf(context).userId)),
    on(ops.getQuota, (r) => quotas.get(r.user_id)),
    on(ops.setQuota, (r) => quotas.set(r.user_id, r.daily_limit, r.daily_token_limit)),
    on(ops.models, async () => chat.models()),
    on(ops.getList, (r) => lists.getList(r)),
    on(ops.storeList, (r, c) => lists.storeList(r, c)),
    on(ops.newStore, (r, c) => lists.newStore(r, c)),
    on(ops.updateReason, (r, c) => lists.updateReason(r, c), { ownerOf: (r) => owners.ofItem(r) }),
    on(ops.setItemStatus, (r, c) => lists.setItemStatus(r, c), { ownerOf: (r) => owners.ofItem(r) }),
    on(ops.previousSettings, (r) => lists.previousSettings(r)),
    on(ops.getSubElements, (r) => subElements.get(r), { ownerOf: (r) => owners.ofElement(r) }),
    on(ops.getUserSubElements, (r) => subElements.ofUser(r)),
    on(ops.storeSubElements, (r, c) => subElements.store(r, c), { ownerOf: (r) => owners.ofElement(r) }),
    on(ops.newStoreSubElements, (r, c) => subElements.newStore(r, c), {
      ownerOf: (r) => owners.ofElement(r),
    }),
    on(ops.updateSubElementReason, (r, c) => subElements.updateReason(r, c), {
      ownerOf: (r) => owners.ofSubElement(r),
    }),
    on(ops.runAgent, (r, c) => runs.runAgent(r, c)),
    on(ops.cancelRun, (r, c) => runs.cancelRun(r, c)),
    on(ops.guidanceReasons, (r) => runs.guidanceReasons(r)),
    on(awayOperations.runsFinished, (r) => runsFinishedAway(new FinishedRuns(em(), AI_SCHEMA), r)),
    // Not durable: every worker hears every cancel, since any of them may be running the job.
    onEvent(bus, aiEvents.runCancelRequested, async ({ jobId, userId }) => jobs.cancel(jobId, userId)),
    on(ops.generateSubElements, (r, c) => runs.generateSubElements(r, c), {
      ownerOf: (r) => owners.ofElement(r),
    }),
    on(ops.getSelection, (r) => selection.get(r)),
    on(ops.setItemActive, (r, c) => selection.setItemActive(r, c)),
    on(ops.setSubElementChosen, (r, c) => selection.setSubElementChosen(r, c)),
    on(ops.leaveElement, (r) => selection.leaveElement(r)),
    on(ops.importSelection, (r, c) => selectionImport.importSelection(r, c)),
    on(ops.restoreSelection, (r, c) => selectionRestore.restoreSelection(r, c)),
    on(packListOperations.contents, (r) => packContents(em(), r)),
    on(packListOperations.import, (r, c) => importPack(writer, r, c)),
    onEvent(bus, accountEvents.userDeleted, ({ userId }) => deleteUserRows(em(), AI_SCHEMA, userId), {
      durable: 'ai-worker-user-deleted',
    }),
  ]);
  unsubscribes.push(...(await serveAdminRecords(on, bus, em, writer, AI_SCHEMA, offered)));
  unsubscribes.push(...(await serveAiCalls(on, em, AI_SCHEMA, () => new Date())));
  if (options.consumeJobs ?? true) {
    unsubscribes.push(
      await bus.consume(
        GENERATION_QUEUE,
        measuredJobHandler(
          GENERATION_QUEUE,
          onlyForLiveSessions(bus, logger, (job) => jobs.run(job)),
        ),
        {
          ...jobSettingsOf(loadWorkerSettings({})),
          ...options.jobs,
          onDeadLettered: (job) => jobs.giveUp(job),
        },
      ),
    );
  }
  logger.info({ offline: provider.offline }, 'ai worker ready');

  return {
    orm,
    readinessChecks: [{ name: 'ai-database', check: () => databaseIsReachable(orm) }],
    async stop() {
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
      await recording.settle();
      if (publishEvents) {
        await relay.stop();
        await relay.publishPending().catch(() => 0);
      }
      idempotentAnswers.stop();
      await orm.close();
      await closeLimitStore(limitStore);
    },
  };
}

/**
 * How long an unsettled quota reservation holds (its worker died): a chat call, past the provider's timeout on every
 * try; a job, past its retry deadline, with half an hour for its wait in the queue.
 */
function reservationTimes(
  options: AiWorkerOptions,
): Pick<AiQuotaSettings, 'chatReservationSeconds' | 'jobReservationSeconds'> {
  const tries = (options.provider.maxRetries ?? 2) + 1;
  const chatMs = (options.provider.timeoutMs ?? 30_000) * tries + 60_000;
  const jobMs = (options.jobs?.retryForMs ?? 30 * 60_000) + 30 * 60_000;
  return { chatReservationSeconds: Math.ceil(chatMs / 1000), jobReservationSeconds: Math.ceil(jobMs / 1000) };
}

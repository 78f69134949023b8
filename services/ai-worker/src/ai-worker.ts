import {
  GENERATION_QUEUE,
  accountEvents,
  aiChatOperation,
  aiOperations,
  type Operation,
  type ParsedRequestOf,
  type RequestContext,
  type ResponseOf,
} from '@promptloom/proto';
import {
  OutboxEntrySchema,
  OutboxRelay,
  databaseIsReachable,
  handle,
  measuredJobHandler,
  onEvent,
  openDatabase,
  type Bus,
  type Database,
  type Logger,
  type ReadinessCheck,
  type Unsubscribe,
} from '@promptloom/shared';
import { EventOutlet } from './events/event-outlet';
import { AppliedJobSchema } from './generation/applied-job.entity';
import { JobRunner } from './generation/job-runner';
import { RunHandlers } from './generation/run-handlers';
import { AgentSettingsSchema } from './lists/agent-settings.entity';
import { ListHandlers } from './lists/list-handlers';
import { ListItemSchema } from './lists/list-item.entity';
import { SubElementHandlers } from './lists/sub-element-handlers';
import { SubElementSchema } from './lists/sub-element.entity';
import { aiMigrations } from './migrations';
import { ChatHandlers } from './provider/chat-handler';
import { serveAdminRecords } from './records';
import { createProvider, type AiProvider, type ProviderOptions } from './provider';
import { SelectionHandlers } from './selection/selection-handlers';
import { SelectionSchema } from './selection/selection.entity';
import { deleteUserRows } from './users-cleanup';
import { loadWorkerSettings, jobSettingsOf, type JobSettings } from './worker-settings';

export const AI_SCHEMA = 'ai';

export interface AiWorkerOptions {
  databaseUrl: string;
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
    schema: AI_SCHEMA,
    entities: [
      ListItemSchema,
      AgentSettingsSchema,
      SubElementSchema,
      SelectionSchema,
      AppliedJobSchema,
      OutboxEntrySchema,
    ],
    migrations: aiMigrations,
    logger,
  });
  const relay = new OutboxRelay(orm, bus, AI_SCHEMA, { logger });
  if (publishEvents) relay.start();

  const em = () => orm.em.fork();
  const events = new EventOutlet(bus, () => relay.wake(), logger, publishEvents);
  const now = options.now ?? (() => new Date());
  const provider = options.providerOverride ?? createProvider(options.provider);
  const chat = new ChatHandlers(provider, logger);
  const lists = new ListHandlers(em, events, now);
  const subElements = new SubElementHandlers(em, events);
  const selection = new SelectionHandlers(em, events);
  const runs = new RunHandlers(em, bus, now);
  const jobs = new JobRunner(em, provider, events, logger, bus);

  const on = <O extends Operation>(
    operation: O,
    handler: (request: ParsedRequestOf<O>, context: RequestContext) => Promise<ResponseOf<O>>,
  ) => handle(bus, operation, handler);
  const ops = aiOperations;
  const unsubscribes: Unsubscribe[] = await Promise.all([
    on(aiChatOperation, (request) => chat.chat(request)),
    on(ops.models, async () => chat.models()),
    on(ops.getList, (r, c) => lists.getList(r, c)),
    on(ops.storeList, (r, c) => lists.storeList(r, c)),
    on(ops.newStore, (r, c) => lists.newStore(r, c)),
    on(ops.updateReason, (r, c) => lists.updateReason(r, c)),
    on(ops.setItemStatus, (r, c) => lists.setItemStatus(r, c)),
    on(ops.previousSettings, (r, c) => lists.previousSettings(r, c)),
    on(ops.getSubElements, (r, c) => subElements.get(r, c)),
    on(ops.storeSubElements, (r, c) => subElements.store(r, c)),
    on(ops.newStoreSubElements, (r, c) => subElements.newStore(r, c)),
    on(ops.updateSubElementReason, (r, c) => subElements.updateReason(r, c)),
    on(ops.runAgent, (r, c) => runs.runAgent(r, c)),
    on(ops.generateSubElements, (r, c) => runs.generateSubElements(r, c)),
    on(ops.getSelection, (r, c) => selection.get(r, c)),
    on(ops.setItemActive, (r, c) => selection.setItemActive(r, c)),
    on(ops.setSubElementChosen, (r, c) => selection.setSubElementChosen(r, c)),
    on(ops.leaveElement, (r, c) => selection.leaveElement(r, c)),
    onEvent(bus, accountEvents.userDeleted, ({ userId }) => deleteUserRows(em(), AI_SCHEMA, userId), {
      durable: 'ai-worker-user-deleted',
    }),
  ]);
  unsubscribes.push(...(await serveAdminRecords(bus, em, events, AI_SCHEMA)));
  if (options.consumeJobs ?? true) {
    unsubscribes.push(
      await bus.consume(
        GENERATION_QUEUE,
        measuredJobHandler(GENERATION_QUEUE, (job) => jobs.run(job)),
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
      if (publishEvents) {
        await relay.stop();
        await relay.publishPending().catch(() => 0);
      }
      await orm.close();
    },
  };
}

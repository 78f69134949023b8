import {
  awayOperations,
  packOperations,
  promptHistoryOperations,
  signatureOperations,
  streamOperations,
} from '@promptloom/proto';
import {
  OutboxEntrySchema,
  OutboxRelay,
  OutboxWriter,
  keepIdempotentAnswers,
  closeLimitStore,
  databaseIsReachable,
  openPostgresLimitStore,
  handle,
  openDatabase,
  type Bus,
  type Database,
  type Logger,
  type ObjectStore,
  type ReadinessCheck,
  type Unsubscribe,
  type DatabasePoolSettings,
} from '@promptloom/shared';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './images/image-limits';
import { startIncomingSweeper } from './images/incoming-sweeper';
import { signatureMigrations } from './migrations';
import { PackHandlers } from './packs/pack-handlers';
import { PackLinkSchema } from './packs/pack-link.entity';
import { serveSignatureRecords } from './records';
import { SavedSignatureSchema } from './signatures/saved-signature.entity';
import { SignatureHandlers } from './signatures/signature-handlers';
import { SignatureSwap } from './signatures/signature-swap';
import { signaturesSavedAway } from './signatures/signatures-saved-away';
import { refinePrompt } from './stream/refine';
import { StreamHandlers } from './stream/stream-handlers';
import { StreamUploadSchema } from './stream/stream-upload.entity';
import { checkStreamPrompt } from './stream/check-prompt';
import { StreamSettingsHandlers } from './stream/stream-settings-handlers';
import { StreamSettingsSchema } from './stream/stream-settings.entity';
import { followUserDeletions } from './users/user-deletion';
import {
  DEFAULT_PROMPT_VERSION_LIMIT,
  PromptHistoryHandlers,
  PromptVersionLimit,
  type PromptVersionLimitSettings,
} from './history';

export const SIGNATURE_SCHEMA = 'signature';

export interface SignatureServiceOptions {
  databaseUrl: string;
  /** Pool size, statement timeout and wait for a connection (DATABASE_POOL_*); DEFAULT_DATABASE_POOL by default. */
  databasePool?: DatabasePoolSettings;
  bus: Bus;
  logger: Logger;
  /** Where images live; the gateway must use the same store, as it leaves raw uploads under `incoming/`. */
  objectStore: ObjectStore;
  imageLimits?: ImageLimits;
  /** How many prompt versions each user keeps (PROMPT_HISTORY_CAP by default). */
  promptHistoryCap?: number;
  /** Prompt versions saved per user per minute (PROMPT_VERSIONS_PER_USER_PER_MINUTE; 120 by default). */
  promptVersionLimit?: PromptVersionLimitSettings;
}

export interface RunningSignatureService {
  orm: Database;
  readinessChecks: ReadinessCheck[];
  stop(): Promise<void>;
}

/** Starts the signature and stream service on a bus: signatures, BR codes, stream prompts, refine, images. */
export async function startSignatureService(
  options: SignatureServiceOptions,
): Promise<RunningSignatureService> {
  const { bus, logger, objectStore } = options;
  const orm = await openDatabase({
    url: options.databaseUrl,
    pool: options.databasePool,
    schema: SIGNATURE_SCHEMA,
    entities: [
      SavedSignatureSchema,
      StreamUploadSchema,
      StreamSettingsSchema,
      PackLinkSchema,
      OutboxEntrySchema,
    ],
    migrations: signatureMigrations,
    logger,
  });
  const relay = new OutboxRelay(orm, bus, SIGNATURE_SCHEMA, { logger });
  relay.start();

  const em = () => orm.em.fork();
  const writer = new OutboxWriter(orm, bus, relay);
  const idempotentAnswers = keepIdempotentAnswers({ bus, service: 'signature', orm, logger });
  const signatures = new SignatureHandlers(em, bus, writer);
  const swap = new SignatureSwap(em, bus, signatures);
  const stream = new StreamHandlers(
    em,
    bus,
    objectStore,
    options.imageLimits ?? DEFAULT_IMAGE_LIMITS,
    writer,
  );
  const settings = new StreamSettingsHandlers(em, bus, writer);
  const limitStore = await openPostgresLimitStore(options.databaseUrl, SIGNATURE_SCHEMA);
  const history = new PromptHistoryHandlers(
    em,
    bus,
    writer,
    SIGNATURE_SCHEMA,
    new PromptVersionLimit(limitStore, options.promptVersionLimit ?? DEFAULT_PROMPT_VERSION_LIMIT, logger),
    options.promptHistoryCap,
  );
  const h = promptHistoryOperations;
  const packs = new PackHandlers(em, bus, writer);
  const p = packOperations;
  const s = signatureOperations;
  const t = streamOperations;
  const handlers: Unsubscribe[] = await Promise.all([
    handle(bus, s.store, (request, context) => signatures.store(request, context)),
    handle(bus, s.update, (request, context) => signatures.update(request, context)),
    handle(bus, s.get, (request, context) => signatures.get(request.userId, context)),
    handle(bus, s.remove, (request, context) => signatures.remove(request.userId, context)),
    handle(bus, s.swap, (request, context) => swap.swap(request, context)),
    handle(bus, s.brCodes, (request, context) => signatures.brCodes(request, context)),
    handle(bus, t.buildPrompt, (request, context) => stream.buildPrompt(request, context)),
    handle(bus, t.refine, (request, context) => refinePrompt(bus, request, context)),
    handle(bus, t.store, (request, context) => stream.store(request, context)),
    handle(bus, t.list, (request, context) => stream.list(request.userId, context)),
    handle(bus, t.authorizeImage, (request, context) => stream.authorizeImage(request.key, context)),
    handle(bus, t.getSettings, (request, context) => settings.get(request.userId, context)),
    handle(bus, t.updateSettings, (request, context) => settings.update(request, context)),
    handle(bus, t.check, (request, context) => checkStreamPrompt(bus, request, context)),
    handle(bus, h.save, (request, context) => history.save(request, context)),
    handle(bus, h.list, (request, context) => history.list(request, context)),
    handle(bus, h.get, (request, context) => history.get(request, context)),
    handle(bus, p.export, (request, context) => packs.export(request, context)),
    handle(bus, p.createLink, (request, context) => packs.createLink(request, context)),
    handle(bus, p.listLinks, (request, context) => packs.listLinks(request, context)),
    handle(bus, p.revokeLink, (request, context) => packs.revokeLink(request, context)),
    handle(bus, p.openLink, (request, context) => packs.openLink(request, context)),
    handle(bus, p.importLink, (request, context) => packs.importLink(request, context)),
    handle(bus, awayOperations.signaturesSaved, (request, context) =>
      signaturesSavedAway(em(), bus, SIGNATURE_SCHEMA, request, context),
    ),
    followUserDeletions(bus, em, objectStore, logger),
  ]);
  handlers.push(...(await serveSignatureRecords(bus, em, writer, SIGNATURE_SCHEMA)));
  const stopSweeper = startIncomingSweeper(objectStore, logger);
  logger.info('signature service ready');

  return {
    orm,
    readinessChecks: [
      { name: 'signature-database', check: () => databaseIsReachable(orm) },
      {
        name: 'object-store',
        check: () =>
          objectStore.ready().then(
            () => true,
            () => false,
          ),
      },
    ],
    async stop() {
      stopSweeper();
      await Promise.all(handlers.map((unsubscribe) => unsubscribe()));
      await relay.stop();
      await relay.publishPending().catch(() => 0);
      idempotentAnswers.stop();
      await orm.close();
      await closeLimitStore(limitStore);
    },
  };
}

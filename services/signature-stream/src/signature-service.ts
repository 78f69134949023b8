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
  answersWith,
  checksOverTheBus,
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
  PromptVersions,
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
  const signatures = new SignatureHandlers(em, writer);
  const swap = new SignatureSwap(em, bus, signatures);
  const stream = new StreamHandlers(em, objectStore, options.imageLimits ?? DEFAULT_IMAGE_LIMITS, writer);
  const settings = new StreamSettingsHandlers(em, writer);
  const limitStore = await openPostgresLimitStore(options.databaseUrl, SIGNATURE_SCHEMA);
  const history = new PromptHistoryHandlers(
    (tx) => new PromptVersions(tx ?? em(), SIGNATURE_SCHEMA),
    writer,
    new PromptVersionLimit(limitStore, options.promptVersionLimit ?? DEFAULT_PROMPT_VERSION_LIMIT, logger),
    options.promptHistoryCap,
  );
  const h = promptHistoryOperations;
  const packs = new PackHandlers(em, bus, writer);
  const p = packOperations;
  const s = signatureOperations;
  const t = streamOperations;
  const on = answersWith(bus, checksOverTheBus(bus));
  const handlers: Unsubscribe[] = await Promise.all([
    on(s.store, (request, context) => signatures.store(request, context)),
    on(s.update, (request, context) => signatures.update(request, context)),
    on(s.get, (request) => signatures.get(request.userId)),
    on(s.remove, (request, context) => signatures.remove(request.userId, context)),
    on(s.swap, (request, context) => swap.swap(request, context)),
    on(s.brCodes, (request) => signatures.brCodes(request)),
    on(t.buildPrompt, (request) => stream.buildPrompt(request)),
    on(t.refine, (request, context) => refinePrompt(bus, request, context)),
    on(t.store, (request, context) => stream.store(request, context)),
    on(t.list, (request) => stream.list(request.userId)),
    // Access is the whole answer: handle() lets the caller through only if they may read the image.
    on(t.authorizeImage, async (request) => ({ key: request.key }), {
      ownerOf: (request) => stream.ownerOfImage(request.key),
    }),
    on(t.getSettings, (request) => settings.get(request.userId)),
    on(t.updateSettings, (request, context) => settings.update(request, context)),
    on(t.check, (request) => checkStreamPrompt(request)),
    on(h.save, (request, context) => history.save(request, context)),
    on(h.list, (request) => history.list(request)),
    on(h.get, (request) => history.get(request)),
    on(p.export, (request, context) => packs.export(request, context)),
    on(p.createLink, (request, context) => packs.createLink(request, context)),
    on(p.listLinks, (request) => packs.listLinks(request)),
    on(p.revokeLink, (request) => packs.revokeLink(request)),
    on(p.openLink, (request) => packs.openLink(request)),
    on(p.importLink, (request, context) => packs.importLink(request, context)),
    on(awayOperations.signaturesSaved, (request) => signaturesSavedAway(em(), SIGNATURE_SCHEMA, request)),
    followUserDeletions(bus, em, objectStore, logger),
  ]);
  handlers.push(...(await serveSignatureRecords(on, em, writer, SIGNATURE_SCHEMA)));
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

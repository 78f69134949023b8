import {
  accountOperations,
  adminUserOperations,
  sessionOperations,
  auditOperations,
  awayOperations,
  dashboardOperations,
  deadLetterOperations,
  modeOperations,
  modeTypeOperations,
  moduleOperations,
} from '@promptloom/proto';
import {
  OutboxEntrySchema,
  OutboxRelay,
  OutboxWriter,
  keepIdempotentAnswers,
  closeLimitStore,
  databaseIsReachable,
  answersWith,
  openPostgresLimitStore,
  SIGN_IN_LIMIT_STORE_SETTINGS,
  openDatabase,
  type Bus,
  type Database,
  type Logger,
  type ReadinessCheck,
  type Unsubscribe,
  type DatabasePoolSettings,
  type LimitStoreSettings,
} from '@promptloom/shared';
import { AuditEntrySchema } from './audit/audit-entry.entity';
import { AuditHandlers } from './audit/audit-handlers';
import { auditRecordChanges } from './audit/record-change-audit';
import { ModeHandlers } from './catalogue/mode-handlers';
import { ModeTypeHandlers } from './catalogue/mode-type-handlers';
import { ModeTypeSchema } from './catalogue/mode-type.entity';
import { ModeModuleSchema, ModeSchema } from './catalogue/mode.entity';
import { ModuleHandlers } from './catalogue/module-handlers';
import { ModuleSchema } from './catalogue/module.entity';
import { DashboardHandlers } from './dashboard/dashboard-handlers';
import { adminMigrations } from './migrations';
import { SessionHandlers } from './sessions/session-handlers';
import { AccountHandlers } from './users/account-handlers';
import { DeadLetterHandlers } from './dead-letters/dead-letter-handlers';
import { AdminGuard } from './users/admin-guard';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimits, type SignInLimitSettings } from './users/sign-in-limits';
import { UserAdminHandlers } from './users/user-admin-handlers';
import { UserSchema } from './users/user.entity';
import { type HashingLimits } from './users/hashing-pool';
import { configurePasswordHashCost, configurePasswordHashing, type PasswordHashCost } from './users/password';
import { adminEditsAway } from './visits/admin-edits-away';
import { VisitHandlers } from './visits/visit-handlers';

export const ADMIN_SCHEMA = 'admin';

export interface AdminServiceOptions {
  databaseUrl: string;
  /** Pool size, statement timeout and wait for a connection (DATABASE_POOL_*); DEFAULT_DATABASE_POOL by default. */
  databasePool?: DatabasePoolSettings;
  bus: Bus;
  logger: Logger;
  /**
   * false: leave recorded events in the outbox for the long-running service to publish; for short-lived tools
   * such as `npm run create-admin`, which must not mark events published on a bus nobody listens to.
   */
  publishEvents?: boolean;
  /** The sign-in limits' own pool (LIMIT_STORE_*); SIGN_IN_LIMIT_STORE_SETTINGS by default. */
  limitStore?: LimitStoreSettings;
  /** Failed sign-ins per account and IP, sign-ups per IP (README "Limits"). */
  signInLimits?: Partial<SignInLimitSettings>;
  /** Password hashes at once, waiting and how long (PASSWORD_HASH_*); DEFAULT_HASHING_LIMITS by default. */
  passwordHashing?: HashingLimits;
  /** argon2id's cost for new hashes; PASSWORD_HASH_COST by default (only tests lower it). */
  passwordHashCost?: PasswordHashCost;
}

export interface RunningService {
  orm: Database;
  readinessChecks: ReadinessCheck[];
  /** Stops taking requests, lets in-flight ones finish, flushes the outbox, closes the database. */
  stop(): Promise<void>;
}

/** Starts the admin service on a bus: users and credentials, modules, modes, mode types, the audit log. */
export async function startAdminService({
  databaseUrl,
  bus,
  logger,
  publishEvents = true,
  signInLimits,
  passwordHashing,
  passwordHashCost,
  databasePool,
  limitStore: limitStoreSettings,
}: AdminServiceOptions): Promise<RunningService> {
  if (passwordHashing) configurePasswordHashing(passwordHashing);
  if (passwordHashCost) configurePasswordHashCost(passwordHashCost);
  const orm = await openDatabase({
    url: databaseUrl,
    pool: databasePool,
    schema: ADMIN_SCHEMA,
    entities: [
      UserSchema,
      ModuleSchema,
      ModeSchema,
      ModeModuleSchema,
      ModeTypeSchema,
      AuditEntrySchema,
      OutboxEntrySchema,
    ],
    migrations: adminMigrations,
    logger,
  });
  const relay = new OutboxRelay(orm, bus, ADMIN_SCHEMA, { logger });
  if (publishEvents) relay.start();

  const em = () => orm.em.fork();
  const writer = new OutboxWriter(orm, bus, relay);
  const idempotentAnswers = keepIdempotentAnswers({ bus, service: 'admin', orm, logger });
  const limitStore = await openPostgresLimitStore(
    databaseUrl,
    ADMIN_SCHEMA,
    limitStoreSettings ?? SIGN_IN_LIMIT_STORE_SETTINGS,
  );
  const limits = new SignInLimits(limitStore, { ...DEFAULT_SIGN_IN_LIMITS, ...signInLimits }, logger);
  const accounts = new AccountHandlers(em, writer, limits);
  const sessions = new SessionHandlers(em, writer);
  const guard = new AdminGuard(em, sessions);
  // Catalogue writes are serialised, so checks such as "is this module still used" hold until the commit.
  const catalogueWriter = writer.withLock('admin.catalogue');
  const userAdmin = new UserAdminHandlers(em, writer.withLock('admin.users'));
  const modules = new ModuleHandlers(em, catalogueWriter);
  const modes = new ModeHandlers(em, catalogueWriter);
  const modeTypes = new ModeTypeHandlers(em, catalogueWriter);
  const audit = new AuditHandlers(em);
  const dashboard = new DashboardHandlers(em, bus);
  const deadLetters = new DeadLetterHandlers(bus);
  const visits = new VisitHandlers(em, writer, ADMIN_SCHEMA);
  // Sessions and roles are this service's own tables: its access checks read them, not the bus.
  const on = answersWith(bus, guard);
  const handlers: Unsubscribe[] = await Promise.all([
    on(accountOperations.signup, (request, context) => accounts.signup(request, context)),
    on(accountOperations.login, (request) => accounts.login(request)),
    on(accountOperations.getUser, (request) => accounts.getUser(request.id)),
    on(accountOperations.ensureAdmin, (request, context) => accounts.ensureAdmin(request, context)),
    on(sessionOperations.state, (request) => sessions.state(request)),
    on(sessionOperations.logout, (request, context) => sessions.logout(request, context)),
    on(adminUserOperations.list, (request) => userAdmin.list(request)),
    on(adminUserOperations.create, (request, context) => userAdmin.create(request, context)),
    on(adminUserOperations.update, (request, context) => userAdmin.update(request, context)),
    on(adminUserOperations.delete, (request, context) => userAdmin.delete(request, context)),
    on(moduleOperations.list, (request) => modules.list(request)),
    on(moduleOperations.create, (request, context) => modules.create(request, context)),
    on(moduleOperations.update, (request, context) => modules.update(request, context)),
    on(moduleOperations.delete, (request, context) => modules.delete(request, context)),
    on(modeOperations.list, (request) => modes.list(request)),
    on(modeOperations.create, (request, context) => modes.create(request, context)),
    on(modeOperations.update, (request, context) => modes.update(request, context)),
    on(modeOperations.delete, (request, context) => modes.delete(request, context)),
    on(modeTypeOperations.list, (request) => modeTypes.list(request)),
    on(modeTypeOperations.create, (request, context) => modeTypes.create(request, context)),
    on(modeTypeOperations.update, (request, context) => modeTypes.update(request, context)),
    on(modeTypeOperations.delete, (request, context) => modeTypes.delete(request, context)),
    on(auditOperations.list, (request) => audit.list(request)),
    on(dashboardOperations.figures, (_request, context) => dashboard.figures(context)),
    on(deadLetterOperations.list, (request) => deadLetters.list(request)),
    on(deadLetterOperations.retry, (request) => deadLetters.retry(request)),
    on(awayOperations.beginVisit, (request, context) => visits.begin(request, context)),
    on(awayOperations.getVisit, (request) => visits.get(request)),
    on(awayOperations.dismissAway, (request, context) => visits.dismiss(request, context)),
    on(awayOperations.adminEdits, (request) => adminEditsAway(em(), ADMIN_SCHEMA, request)),
  ]);
  handlers.push(...(await auditRecordChanges(bus, em)));
  logger.info('admin service ready');

  return {
    orm,
    readinessChecks: [{ name: 'admin-database', check: () => databaseIsReachable(orm) }],
    async stop() {
      await Promise.all(handlers.map((unsubscribe) => unsubscribe()));
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

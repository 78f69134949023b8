import { accountOperations, adminUserOperations } from '@promptloom/proto';
import {
  OutboxEntrySchema,
  OutboxRelay,
  databaseIsReachable,
  handle,
  openDatabase,
  type Bus,
  type Database,
  type Logger,
  type ReadinessCheck,
  type Unsubscribe,
} from '@promptloom/shared';
import { adminMigrations } from './migrations';
import { AccountHandlers } from './users/account-handlers';
import { AdminGuard } from './users/admin-guard';
import { UserAdminHandlers } from './users/user-admin-handlers';
import { UserSchema } from './users/user.entity';

export const ADMIN_SCHEMA = 'admin';

export interface AdminServiceOptions {
  databaseUrl: string;
  bus: Bus;
  logger: Logger;
  /**
   * false: leave recorded events in the outbox for the long-running service to publish; for short-lived tools
   * such as `npm run create-admin`, which must not mark events published on a bus nobody listens to.
   */
  publishEvents?: boolean;
}

export interface RunningService {
  orm: Database;
  readinessChecks: ReadinessCheck[];
  /** Stops taking requests, lets in-flight ones finish, flushes the outbox, closes the database. */
  stop(): Promise<void>;
}

/** Starts the admin service on a bus: users and credentials (modules, modes and mode types come with issue 5). */
export async function startAdminService({
  databaseUrl,
  bus,
  logger,
  publishEvents = true,
}: AdminServiceOptions): Promise<RunningService> {
  const orm = await openDatabase({
    url: databaseUrl,
    schema: ADMIN_SCHEMA,
    entities: [UserSchema, OutboxEntrySchema],
    migrations: adminMigrations,
    logger,
  });
  const relay = new OutboxRelay(orm, bus, ADMIN_SCHEMA, { logger });
  if (publishEvents) relay.start();

  const em = () => orm.em.fork();
  const accounts = new AccountHandlers(em, () => relay.wake());
  const userAdmin = new UserAdminHandlers(em, new AdminGuard(em));
  const handlers: Unsubscribe[] = await Promise.all([
    handle(bus, accountOperations.signup, (request, context) => accounts.signup(request, context)),
    handle(bus, accountOperations.login, (request) => accounts.login(request)),
    handle(bus, accountOperations.getUser, (request) => accounts.getUser(request.id)),
    handle(bus, accountOperations.ensureAdmin, (request, context) => accounts.ensureAdmin(request, context)),
    handle(bus, adminUserOperations.list, (request, context) => userAdmin.list(request, context)),
  ]);
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
      await orm.close();
    },
  };
}

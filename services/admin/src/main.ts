import './tracing';
import { databasePoolSettings, limitStoreSettings, runServiceProcess } from '@promptloom/shared';
import { startAdminService } from './admin-service';
import { describeGeneratedAdmin, ensureAdminAccount } from './first-admin';
import { signInLimitsOf } from './users/sign-in-limits';

/** The admin service as its own process (distributed mode); creates the first admin if there is none. */
runServiceProcess({
  name: 'admin',
  signer: 'admin',
  defaultPort: 4101,
  start: async ({ config, bus, logger }) => {
    const service = await startAdminService({
      databaseUrl: config.DATABASE_URL,
      databasePool: databasePoolSettings(config),
      bus,
      logger,
      signInLimits: signInLimitsOf(config),
      limitStore: limitStoreSettings(config),
      passwordHashing: {
        threads: config.PASSWORD_HASH_THREADS,
        queue: config.PASSWORD_HASH_QUEUE,
        maxWaitMs: config.PASSWORD_HASH_MAX_WAIT_MS,
      },
    });
    const notice = describeGeneratedAdmin(
      await ensureAdminAccount(bus, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }),
    );
    if (notice) process.stdout.write(`${notice}\n`);
    return service;
  },
});

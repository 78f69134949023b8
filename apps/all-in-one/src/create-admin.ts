import { parseArgs } from 'node:util';
import { describeGeneratedAdmin, ensureAdminAccount, startAdminService } from '@promptloom/admin';
import { DomainError } from '@promptloom/proto';
import { GeneratedBusKeys, InProcessBus, SignedBus, createLogger, loadConfig } from '@promptloom/shared';
import {
  runningEmbeddedDatabaseUrl,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from './embedded-database';
import { runCommand } from './cli';

const USAGE = `Usage: npm run create-admin -- --email admin@example.com [--password <at least 8 characters>]
Adds an admin account. Without --password one is generated and shown once.
Uses DATABASE_URL when set; otherwise the embedded database in DATA_DIR (running or not).`;

/** `npm run create-admin`: adds an admin to the database the product uses. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig();
  const email = values.email ?? config.ADMIN_EMAIL;
  if (!email) {
    process.stderr.write(`--email is required.\n${USAGE}\n`);
    return 2;
  }
  const logger = createLogger('create-admin', 'warn');
  let embedded: EmbeddedDatabase | null = null;
  const databaseUrl =
    config.DATABASE_URL ??
    (await runningEmbeddedDatabaseUrl(config.DATA_DIR)) ??
    (embedded = await startEmbeddedDatabase(config.DATA_DIR, logger)).url;
  const inProcess = new InProcessBus({ requestTimeoutMs: 30_000 });
  const bus = new SignedBus(inProcess, { keys: new GeneratedBusKeys().for('admin') });
  // Events stay in the outbox: the running product's own relay publishes them.
  const admin = await startAdminService({ databaseUrl, bus, logger, publishEvents: false });
  try {
    const result = await ensureAdminAccount(bus, { email, password: values.password, always: true });
    process.stdout.write(describeGeneratedAdmin(result) ?? `Admin ${result.user?.email} created.\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const details = Object.values(error.fields ?? {}).flat();
    process.stderr.write(`${details.length ? details.join('\n') : error.message}\n`);
    return 1;
  } finally {
    await admin.stop();
    await bus.close();
    await embedded?.stop();
  }
}

runCommand('create-admin', main);

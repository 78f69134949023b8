import { ensureAdminAccount } from '@promptloom/admin';
import { ADMIN_ROLE } from '@promptloom/proto';
import { Client } from 'pg';
import { startTestProduct } from './test-product';

/**
 * The settings a browser suite may give its own product. Plain data only: they come from a test file's realm, where
 * class instances (a bus, a logger) would fail `instanceof` in this one.
 */
export interface BrowserTestProductOptions {
  /** The built web client the gateway serves. */
  webDistDir: string;
  /** How the product's database names start (the run's own prefix). */
  databasePrefix: string;
  sessionIdleMs?: number;
  openAiBaseUrl?: string;
  aiCallsPerDay?: number;
  promptVersionLimit?: { perMinute: number; enabled: boolean };
  aiModels?: Array<{ label: string; providerModel: string }>;
}

/** A product a browser suite reaches over HTTP and SQL, with what it needs beyond that. */
export interface BrowserTestProduct {
  baseUrl: string;
  databaseUrl: string;
  /**
   * Creates an admin account (another one if the product has admins already). An admin of that email already there is
   * kept: suites sharing a product ask for the same admin.
   */
  createAdmin(account: { email: string; password: string }): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the product for browser suites, from the built code in the realm that calls it (a jest worker's own). */
export async function startBrowserTestProduct(
  options: BrowserTestProductOptions,
): Promise<BrowserTestProduct> {
  const { webDistDir, databasePrefix, promptVersionLimit, aiModels, ...settings } = options;
  const product = await startTestProduct({
    ...settings,
    webDistDir,
    databasePrefix,
    // Copied into this realm: the caller's objects stay the caller's.
    promptVersionLimit: promptVersionLimit && { ...promptVersionLimit },
    aiModels: aiModels?.map((model) => ({ ...model })),
  });
  return {
    baseUrl: product.baseUrl,
    databaseUrl: product.database.url,
    async createAdmin(account) {
      if (await isAdmin(product.database.url, account.email)) return;
      await ensureAdminAccount(product.buses.admin, { ...account, always: true });
    },
    stop: () => product.stop(),
  };
}

async function isAdmin(databaseUrl: string, email: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from admin.users where email = $1 and role_type = $2', [
      email,
      ADMIN_ROLE,
    ]);
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

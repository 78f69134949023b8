import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type {
  BrowserTestProduct,
  BrowserTestProductOptions,
} from '../../apps/all-in-one/src/testing/browser-test-product';
import { graphql, newUser, requestJson } from './http';
import { recordPagesOf } from './page-forensics';

/** What test/support/browser-worker.cjs offers a test file (through the test environment). */
interface BrowserWorker {
  sharedBrowser(): Promise<Browser>;
  sharedProduct(): Promise<BrowserTestProduct>;
  startProduct(settings: ProductSettings): Promise<BrowserTestProduct>;
}

/** A product's settings as a suite gives them (the worker adds where the web client is and the run's prefix). */
type ProductSettings = Omit<BrowserTestProductOptions, 'webDistDir' | 'databasePrefix'>;

const worker = (globalThis as { promptloomBrowserWorker?: BrowserWorker }).promptloomBrowserWorker;

/**
 * How long a browser action or wait may take before it fails with Playwright's call log. Playwright's own default
 * (30 s) was met by a sign-in on a 2-core machine running other work; a test still fails at its jest timeout.
 */
const BROWSER_WAIT_MS = 90_000;

export interface BrowserProductOptions extends ProductSettings {
  /** An admin account to create before the suite's tests. */
  admin?: { email: string; password: string };
  /**
   * A product of the suite's own (started for it, stopped after it), even with no settings: say why in a comment.
   * Any setting implies one.
   */
  ownProduct?: boolean;
}

/** Opens browser contexts; each is closed after the test (or, opened in a beforeAll, after the suite). */
export interface ContextOpener {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export interface BrowserProduct {
  /** Where the product serves the web client and its API. */
  baseUrl: string;
  /** The product's database (to look at rows, or to change one on purpose). */
  databaseUrl: string;
  browser: ContextOpener;
  /** A page in a browser context of its own (its own storage), of the given size. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Creates an admin account on the product. */
  createAdmin(account: { email: string; password: string }): Promise<void>;
}

/**
 * A browser suite's set-up, called at the top level of the file: the worker's Chromium, and the worker's shared
 * product (or one of the suite's own, when it asks for settings). The fields are there from the suite's beforeAll on.
 */
export function useBrowserProduct(
  options: BrowserProductOptions | (() => BrowserProductOptions) = {},
): BrowserProduct {
  if (!worker) throw new Error('the browser suites run in test/support/test-environment.cjs');
  const browserWorker = worker;
  let ownsProduct = false;
  const suiteContexts = new Set<BrowserContext>();
  const testContexts = new Set<BrowserContext>();
  let inTest = false;
  let started: BrowserTestProduct | undefined;

  const browser: ContextOpener = {
    async newContext(contextOptions) {
      const context = await (await browserWorker.sharedBrowser()).newContext(contextOptions);
      context.setDefaultTimeout(BROWSER_WAIT_MS);
      recordPagesOf(context);
      (inTest ? testContexts : suiteContexts).add(context);
      return context;
    },
  };
  const handle: BrowserProduct = {
    baseUrl: '',
    databaseUrl: '',
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      return (await browser.newContext({ viewport })).newPage();
    },
    async createAdmin(account) {
      if (!started) throw new Error('the product starts in the suite’s beforeAll');
      await started.createAdmin(account);
    },
  };

  beforeAll(async () => {
    // A function gives settings known only once the suite's earlier beforeAll ran (a fake server's address).
    const { admin, ownProduct, ...settings } = typeof options === 'function' ? options() : options;
    ownsProduct = ownProduct === true || Object.keys(settings).length > 0;
    started = ownsProduct ? await browserWorker.startProduct(settings) : await browserWorker.sharedProduct();
    handle.baseUrl = started.baseUrl;
    handle.databaseUrl = started.databaseUrl;
    if (admin) await started.createAdmin(admin);
  }, 120_000);
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await closeContexts(testContexts);
  });
  afterAll(async () => {
    await closeContexts(suiteContexts);
    if (ownsProduct) await started?.stop();
  });
  return handle;
}

async function closeContexts(contexts: Set<BrowserContext>): Promise<void> {
  const closing = [...contexts];
  contexts.clear();
  await Promise.all(closing.map((context) => context.close()));
}

/** A product of the given settings for one test, started the same way as a suite's own; the test stops it. */
export function startOwnProduct(settings: ProductSettings): Promise<BrowserTestProduct> {
  if (!worker) throw new Error('the browser suites run in test/support/test-environment.cjs');
  return worker.startProduct(settings);
}

/** A new user signed up through the API: the signup payload plus the account's id and token. */
export async function signedUpUser(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const answer = await requestJson(baseUrl, 'POST', '/api/signup', { body: user });
  if (answer.status !== 201) throw new Error(`signup failed: ${JSON.stringify(answer.body)}`);
  return { ...user, id: answer.body.user.id as number, token: answer.body.access_token as string };
}

/**
 * Gives the page's origin the session the web client keeps for a user who signed in earlier (SPEC §3: token, user
 * and last activity in local storage), without loading the app: the page's next load is signed in. For tests about
 * another screen than sign-in (`signInToWorkspace` goes through the login screen, one more load of the app).
 */
export async function seedSession(page: Page, baseUrl: string, account: { token: string }): Promise<void> {
  const { body } = await graphql(
    baseUrl,
    '{ me { id firstName lastName name email roleType } }',
    {},
    account.token,
  );
  if (!body.data) throw new Error(`the session's user could not be read: ${JSON.stringify(body.errors)}`);
  const session = {
    token: account.token,
    user: JSON.stringify(body.data.me),
    lastActivity: String(Date.now()),
  };
  // Local storage belongs to the origin: a small response of the product's own (no app) opens it.
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    `(() => { for (const [key, value] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(key, value); })()`,
  );
}

/** Opens `path` as a signed-in user (`seedSession`), with one load of the app. */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  account: { token: string },
  path: string,
): Promise<void> {
  await seedSession(page, baseUrl, account);
  await page.goto(`${baseUrl}${path}`);
}

/** Signs in through the login screen, as a user does, and waits for the workspace to open. */
export async function signInToWorkspace(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/types/dashboard');
}

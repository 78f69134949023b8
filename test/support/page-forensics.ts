import { type BrowserContext, type Page } from 'playwright-core';

/**
 * What each open page of a test did lately, told when a test fails (test/support/test-environment.cjs asks for it):
 * a browser test that fails on a loaded machine, after waiting long for something that never showed, otherwise
 * leaves only Playwright's call log. With the page's address, its text, its errors and its unanswered requests the
 * failure says what the page was doing instead.
 */
const KEPT = 15;
const TEXT_CHARS = 1_500;
const DESCRIBE_TIMEOUT_MS = 5_000;

interface PageRecord {
  page: Page;
  messages: string[];
  pending: Map<object, string>;
  failed: string[];
}

const records = new Set<PageRecord>();

function keep(list: string[], line: string): void {
  list.push(line);
  if (list.length > KEPT) list.shift();
}

function clock(): string {
  return new Date().toISOString().slice(11, 23);
}

function record(page: Page): void {
  const entry: PageRecord = { page, messages: [], pending: new Map(), failed: [] };
  records.add(entry);
  page.on('close', () => records.delete(entry));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(entry.messages, `${clock()} console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) =>
    keep(entry.messages, `${clock()} page error: ${error.message.slice(0, 300)}`),
  );
  page.on('request', (request) =>
    entry.pending.set(request, `${clock()} ${request.method()} ${request.url()}`),
  );
  page.on('requestfinished', async (request) => {
    const started = entry.pending.get(request);
    entry.pending.delete(request);
    const response = await request.response().catch(() => null);
    if (response && response.status() >= 400) keep(entry.failed, `${started} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const started = entry.pending.get(request);
    entry.pending.delete(request);
    keep(entry.failed, `${started} → failed: ${request.failure()?.errorText ?? 'unknown'}`);
  });
}

/** Records every page the context opens from now on. */
export function recordPagesOf(context: BrowserContext): void {
  context.on('page', record);
}

async function describe(entry: PageRecord): Promise<string> {
  const text = await entry.page
    .innerText('body', { timeout: 2_000 })
    .then((value) => value.replace(/\s+/g, ' ').slice(0, TEXT_CHARS))
    .catch((error: Error) => `(unreadable: ${error.message.split('\n')[0]})`);
  return [
    `page ${entry.page.url()}`,
    `  text: ${text}`,
    ...entry.messages.map((line) => `  ${line}`),
    ...[...entry.pending.values()].map((line) => `  unanswered: ${line}`),
    ...entry.failed.map((line) => `  refused: ${line}`),
  ].join('\n');
}

/** Every open page, described at the moment of the failure; empty when the test has no page open. */
export async function describeOpenPages(): Promise<string> {
  if (records.size === 0) return '';
  const described = Promise.all([...records].map(describe)).then((pages) => pages.join('\n'));
  const timeout = new Promise<string>((resolve) =>
    setTimeout(() => resolve('(the pages did not answer within 5 s)'), DESCRIBE_TIMEOUT_MS).unref(),
  );
  return Promise.race([described, timeout]);
}

(globalThis as { describeOpenPagesOnFailure?: () => Promise<string> }).describeOpenPagesOnFailure =
  describeOpenPages;

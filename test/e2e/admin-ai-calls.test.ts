import { readFile } from 'node:fs/promises';
import { type Page } from 'playwright-core';
import { estimatePromptTokens } from '@promptloom/ai-worker';
import { waitFor } from '@promptloom/shared/testing';
import { seedSession, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, newUser, requestJson } from '../support/http';
import { ADMIN, chooseRowAction } from './admin-support';

let fake: FakeOpenAiServer;
let user: { id: number; token: string };
let adminToken: string;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake?.close());
// A product of its own: its AI calls go to this file's fake provider, and its admin lists every call.
const product = useBrowserProduct(() => ({ admin: ADMIN, openAiBaseUrl: fake.baseUrl }));
const { browser } = product;
beforeAll(async () => {
  const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  user = { id: signup.body.user.id, token: signup.body.access_token };
  adminToken = (await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN })).body.access_token;
});

const chat = async (content: string) => {
  const reply = await requestJson(product.baseUrl, 'POST', '/api/chat', {
    token: user.token,
    body: { model: 'gpt-4o', messages: [{ role: 'user', content }] },
  });
  expect(reply.status).toBe(200);
};

/** Waits until the server has recorded `count` calls of the user (rows are written just after each reply). */
const recorded = (count: number) =>
  waitFor(async () => {
    const page = await requestJson(product.baseUrl, 'GET', `/api/admin/ai-calls?user_id=${user.id}`, {
      token: adminToken,
    });
    return page.body.data.total >= count;
  }, `${count} recorded calls`);

async function adminPage(width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await seedSession(page, product.baseUrl, { token: adminToken });
  return page;
}

const pageOverflows = (page: Page) =>
  page.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth);

describe('the AI Calls screen', () => {
  it.each([1400, 360])(
    'at %i px lists the calls, shows a new one live, opens it, filters on the server and exports CSV',
    async (width) => {
      await chat(`first question at ${width}`);
      await recorded(1);
      const page = await adminPage(width);
      await page.goto(`${product.baseUrl}/admin/ai-calls?user_id=${user.id}`);
      await page.getByRole('heading', { name: 'AI Calls' }).waitFor();
      const rows = page.locator('.admin-content tbody tr');
      await rows.first().getByText('chat').waitFor();
      const before = await rows.count();

      // A call made now appears without a reload (the aiCallRecorded subscription refetches the page).
      await chat(`live question at ${width}`);
      await waitFor(async () => (await rows.count()) === before + 1, 'the new call to appear live');
      expect(await pageOverflows(page)).toBe(false);

      await page
        .getByRole('button', { name: /^Details of AI call / })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: /^AI call \d+$/ });
      await details.getByText(`live question at ${width}`).waitFor();
      await details.getByRole('button', { name: 'Close' }).click();

      // On a phone the filters are folded behind 'Filters'.
      if (width === 360) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Search').fill(`live question at ${width}`);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/q=live/);
      await waitFor(async () => (await rows.count()) === 1, 'the search to leave one call');
      await page.getByText('1 call', { exact: true }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^ai-calls-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
      expect(csv).toHaveLength(2);
      expect(csv[1]).toContain(',chat,gpt-4o,ok,');
      await page.context().close();
    },
    90_000,
  );

  it('lays its filters out as a form at 1280×800: a wide search, purposes in words, Export CSV in the actions’ row', async () => {
    await chat('a call for the filters at 1280');
    await recorded(1);
    const page = await adminPage(1280, 800);
    await page.goto(`${product.baseUrl}/admin/ai-calls?user_id=${user.id}`);
    const rows = page.locator('.admin-content tbody tr');
    await rows.first().waitFor();
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    const search = (await page.getByLabel('Search').boundingBox())!;
    expect(search.width).toBeGreaterThanOrEqual(300);
    const labels: number[] = await page.evaluate(
      `[...document.querySelectorAll('.admin-filter-fields label')].map((l) => parseFloat(getComputedStyle(l).fontSize))`,
    );
    for (const size of labels) expect(size).toBeGreaterThanOrEqual(12);

    const purposes = await page.getByLabel('Purpose').locator('option').allTextContents();
    expect(purposes).toContain('Sub-elements');
    expect(purposes).toContain('Signature swap');
    expect(purposes.filter((words) => /_/.test(words))).toEqual([]);
    expect(await rows.first().locator('td[data-label="Purpose"]').textContent()).toBe('Chat');

    const middle = async (name: string) => {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      return box.y + box.height / 2;
    };
    expect(Math.abs((await middle('Export CSV')) - (await middle('Apply')))).toBeLessThanOrEqual(2);
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeLessThanOrEqual(48);
    await page.context().close();
  }, 60_000);

  it('folds its filters behind a Filters button at 360×740, so the first call shows on the first screen', async () => {
    await chat('a call for the filters at 360');
    await recorded(1);
    const page = await adminPage(360, 740);
    await page.goto(`${product.baseUrl}/admin/ai-calls?user_id=${user.id}`);
    const rows = page.locator('.admin-content tbody tr');
    await rows.first().waitFor();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // One filter (the user) is set: the folded button says so.
    expect(await toggle.textContent()).toContain('(1 set)');
    expect(await page.getByLabel('Search').isVisible()).toBe(false);
    const first = (await rows.first().boundingBox())!;
    expect(first.y).toBeLessThan(740);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(true);
    const overflow = await page.evaluate(`[...document.querySelectorAll('html, .admin-table-scroll')]
      .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.className || el.tagName)`);
    expect(overflow).toEqual([]);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Purpose').selectOption({ label: 'Chat' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/purpose=chat/);
    await page.getByLabel('Search').waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toContain('(2 set)');
    await page.context().close();
  }, 60_000);

  it('refuses a bad date range with the field’s message', async () => {
    const page = await adminPage(1400);
    await page.goto(`${product.baseUrl}/admin/ai-calls?from=2026-05-02&to=2026-05-01`);
    await page.getByText('The end date must not be before the start date.').waitFor();
    await page.context().close();
  }, 60_000);
});

describe('how a record was made', () => {
  it('links a TR record to the call that produced it, and regenerates it with another model', async () => {
    fake.reply({ content: 'Luthier\nGlazier\nCooper' });
    const run = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
      token: user.token,
      body: { ai_model: 'gpt-4o', frequency: 3 },
    });
    expect(run.status).toBe(202);
    const page = await adminPage(1400);
    await page.goto(`${product.baseUrl}/admin/mode/tr`);
    await chooseRowAction(page, 'Luthier', 'How was this made');
    await page.waitForURL(`**/admin/ai-calls?job_id=${run.body.job_id}`);
    const rows = page.locator('.admin-content tbody tr');
    await rows.first().getByText('pro').waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByRole('button', { name: /^Details of AI call / }).click();
    await page
      .getByRole('dialog', { name: /^AI call \d+$/ })
      .getByText('Luthier')
      .first()
      .waitFor();

    // Regenerate with another model: the new job's call is there to see.
    await page.goto(`${product.baseUrl}/admin/mode/tr`);
    await chooseRowAction(page, 'Luthier', 'Regenerate');
    const regenerate = page.getByRole('dialog', { name: 'Regenerate' });
    await regenerate.getByLabel('Model').selectOption('gpt-4-turbo');
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await regenerate.getByRole('status').filter({ hasText: 'Regenerating with gpt-4-turbo.' }).waitFor();
    await regenerate.getByRole('link', { name: 'See its AI calls' }).click();
    await page.waitForURL('**/admin/ai-calls?job_id=*');
    await page.locator('.admin-content tbody tr').first().getByText('gpt-4-turbo').waitFor();
    await page.context().close();
  }, 60_000);
});

describe('the dashboard’s AI usage', () => {
  it('shows today’s calls and a chart of 30 days, at 360 px too', async () => {
    await chat('for the dashboard');
    const page = await adminPage(360);
    await page.goto(`${product.baseUrl}/admin/dashboard`);
    await page
      .getByTestId('ai-usage-today')
      .filter({ hasText: /^Today: [1-9]\d* calls? \(/ })
      .waitFor();
    const chart = page.getByRole('img', { name: 'AI calls per day over 30 days' });
    await chart.waitFor();
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await pageOverflows(page)).toBe(false);
    await page.context().close();
  }, 60_000);

  it('counts a cancelled Run apart from failed calls, with the tokens it streamed, on the dashboard and in AI Calls', async () => {
    fake.reply({ content: '', chunks: ['Vel', 'vet', '\n', 'Dusk', '\n'], held: true });
    const run = await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'br', aiModel: 'gpt-4o', frequency: 2 } },
      user.token,
    );
    const jobId: string = run.body.data.runAgent.jobId;
    await waitFor(() => fake.waiting === 1, 'the provider holding the stream');
    fake.release(3);
    await waitFor(async () => {
      const list = await requestJson(product.baseUrl, 'GET', `/api/ai/response/br/get/${user.id}`, {
        token: user.token,
      });
      return list.body.ai_response?.some((item: { ai_response: string }) => item.ai_response === 'Velvet');
    }, 'the item streamed before the cancel');
    const sent = fake.requests.at(-1)!;
    await graphql(
      product.baseUrl,
      'mutation($jobId: String!) { cancelRun(jobId: $jobId) }',
      { jobId },
      user.token,
    );
    await waitFor(() => sent.aborted, 'the provider call closed');
    const promptTokens = estimatePromptTokens(sent.body.messages.map((message) => message.content));

    const page = await adminPage(1400);
    await page.goto(`${product.baseUrl}/admin/dashboard`);
    await page
      .getByTestId('ai-usage-today')
      .filter({ hasText: /^Today: [1-9]\d* calls \(0 failed, 1 cancelled\), / })
      .waitFor();

    await page.goto(`${product.baseUrl}/admin/ai-calls?job_id=${jobId}`);
    await page.getByLabel('Outcome').selectOption('cancelled');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/outcome=cancelled/);
    const row = page.locator('.admin-content tbody tr').filter({ hasText: 'cancelled' });
    await row.getByText(`${promptTokens} / 3`).waitFor();
    await page.getByText('1 call', { exact: true }).waitFor();
    await page.context().close();
  }, 60_000);
});

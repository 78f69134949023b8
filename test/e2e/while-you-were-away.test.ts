import { type Page, type Response } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { signedUpUser, signInToWorkspace, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { requestJson } from '../support/http';
import { runSql } from '../support/sql';
import { ADMIN } from './admin-support';

let fake: FakeOpenAiServer;
let adminToken: string;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ admin: ADMIN, openAiBaseUrl: fake.baseUrl }));
const { browser } = product;
beforeAll(async () => {
  adminToken = (await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN })).body.access_token;
});

type User = Awaited<ReturnType<typeof signedUpUser>>;

/** The app's visit start (or heartbeat) as the browser sends it, and its answer. */
const visitAnswer = (page: Page): Promise<Response> =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('BeginVisit'),
  );

/** Signs in from a browser context of its own (a new device), waiting until the app has started the visit. */
async function signInFresh(user: User, width: number): Promise<{ page: Page; report: any }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const answered = visitAnswer(page);
  await signInToWorkspace(page, product.baseUrl, user);
  const report = (await (await answered).json()).data.beginVisit;
  return { page, report };
}

/** A Pro run of the user through the API, once it has finished (its job's ledger row). */
async function runFinishes(user: User, items: string[]): Promise<void> {
  fake.reply({ content: items.join('\n') });
  const run = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
    token: user.token,
    body: { ai_model: 'gpt-4o', frequency: items.length },
  });
  expect(run.status).toBe(202);
  await waitFor(async () => {
    const rows = await runSql(product.databaseUrl, 'select 1 from "ai"."applied_jobs" where "job_id" = $1', [
      run.body.job_id,
    ]);
    return rows.rowCount! > 0;
  }, 'the run finished');
}

/** The "while you were away" inbox's panel, opened from its button in the top bar (it never opens by itself). */
async function openedNoticeOf(page: Page) {
  const inbox = page.getByRole('button', { name: /^While you were away: \d+ changes?$/u });
  await inbox.waitFor();
  if ((await inbox.getAttribute('aria-expanded')) !== 'true') await inbox.click();
  return page.getByRole('complementary', { name: 'While you were away' });
}
const noticeOf = (page: Page) => page.getByRole('complementary', { name: 'While you were away' });

const overflowsSideways = (page: Page) =>
  page.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth);

describe('while you were away, in the browser', () => {
  it.each([1280, 360])(
    'shows a returning user what changed, with working links, and keeps it dismissed (%i px)',
    async (width) => {
      const user = await signedUpUser(product.baseUrl);
      const first = await signInFresh(user, width);
      expect(first.report).toMatchObject({ since: null, changes: [] });
      await first.page.context().close();

      // While the user is away: an admin edits their account, and a run finishes through the API.
      const edit = await requestJson(product.baseUrl, 'PUT', `/api/admin/user/update/${user.id}`, {
        token: adminToken,
        body: { mobile: '+44 20 7946 1111' },
      });
      expect(edit.status).toBe(200);
      await runFinishes(user, ['Harbor', 'Lantern']);

      const { page, report } = await signInFresh(user, width);
      expect(report.changes).toHaveLength(2);
      const notice = await openedNoticeOf(page);
      await notice.waitFor();
      await notice.getByRole('link', { name: 'An admin updated your account (mobile)' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      await notice.getByRole('link', { name: 'Pro run finished: 2 new items' }).click();
      await page.waitForURL('**/pro/ProListingTR');
      await page.getByText('Lantern', { exact: true }).first().waitFor();

      // A link closes the panel; the inbox stays until dismissed. Escape closes the panel, back on its button.
      await notice.waitFor({ state: 'detached' });
      // On a phone the Pro list opened as a drawer over the page: closed first, as a person would.
      if (width === 360) await page.getByRole('button', { name: 'Close Pro sidebar' }).click();
      const reopened = await openedNoticeOf(page);
      await reopened.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Escape');
      await reopened.waitFor({ state: 'detached' });
      expect(await page.evaluate(`document.activeElement?.getAttribute('aria-expanded')`)).toBe('false');

      // Dismissed with the mouse, or from the keyboard; the focus goes on into the page's main content.
      const dismissButton = (await openedNoticeOf(page)).getByRole('button', {
        name: 'Dismiss while you were away',
      });
      if (width === 360) {
        await dismissButton.focus();
        await page.keyboard.press('Enter');
      } else await dismissButton.click();
      await notice.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^While you were away/u }).waitFor({ state: 'detached' });
      expect(await page.evaluate(`document.activeElement?.closest('main') !== null`)).toBe(true);
      // The dismissal is the server's: the next start of the app (a reload) answers dismissed, and shows nothing.
      await waitFor(async () => {
        const now = await requestJson(product.baseUrl, 'GET', '/api/while-you-were-away', {
          token: user.token,
        });
        return now.body.data.dismissed === true;
      }, 'the dismissal stored');
      const again = visitAnswer(page);
      await page.reload();
      const afterReload = (await (await again).json()).data.beginVisit;
      expect(afterReload).toMatchObject({ dismissed: true, changes: [] });
      await page.getByText('Lantern', { exact: true }).first().waitFor();
      expect(await noticeOf(page).count()).toBe(0);
      await page.context().close();
    },
  );
});

import { type Page } from 'playwright-core';
import { useBrowserProduct } from '../support/browser-product';
import { newUser, requestJson } from '../support/http';
import { ADMIN, dialog, signIn } from './admin-support';

// A product of its own with one AI call a day, so a single Run reaches the limit. Offline provider: the Run is a real
// job on the worker.
const product = useBrowserProduct({ aiCallsPerDay: 1, admin: ADMIN });
const { browser } = product;

async function signedInUser(width: number): Promise<{ page: Page; id: number }> {
  const user = newUser();
  const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, product.baseUrl, user);
  await page.waitForURL('**/types/dashboard');
  return { page, id: signup.body.user.id };
}

describe('the AI calls left today, beside the Run button', () => {
  it('shows the count at 360 px, and a Run at the limit is refused with a clear message', async () => {
    const { page } = await signedInUser(360);
    await page.goto(`${product.baseUrl}/elements/AgentBL`);
    // The offline provider reports no tokens: 0 used, nothing spent.
    const note = page.getByText('1 of 1 AI call left today · 0 tokens used (about $0.0000)');
    await note.waitFor();
    const run = page.getByRole('button', { name: 'Run' });
    for (const box of [await note.boundingBox(), await run.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }

    await page.getByLabel('Model').selectOption('gpt-4o');
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('3');
    await run.click();
    await page.waitForURL((url) => !url.pathname.endsWith('/AgentBL'));

    await page.goto(`${product.baseUrl}/elements/AgentBL`);
    await page.getByText(/^0 of 1 AI call left today \(more at .+\) · 0 tokens used/).waitFor();
    await page.getByLabel('Model').selectOption('gpt-4o');
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('3');
    await page.getByRole('button', { name: 'Run' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^You have used your 1 AI call for today\. You can run the AI again in / })
      .waitFor();
  });
});

describe('the admin user form', () => {
  it('sets and clears a user’s AI calls and tokens per day', async () => {
    const person = newUser();
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: person });
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, product.baseUrl, ADMIN);
    await page.waitForURL('**/admin/UserManage');
    const adminToken = (await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN })).body
      .access_token;
    const quotaOf = async () =>
      (
        await requestJson(product.baseUrl, 'GET', `/api/admin/user/ai-quota/${signup.body.user.id}`, {
          token: adminToken,
        })
      ).body.data;

    await page.getByRole('button', { name: `Edit ${person.email}` }).click();
    const edit = dialog(page, 'Edit User');
    const field = edit.getByLabel('AI calls per day');
    await edit.getByPlaceholder('Default (1)').waitFor();
    await field.fill('many');
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.getByText('The daily AI calls must be a whole number from 0 to 100000.').waitFor();

    await field.fill('25');
    const tokens = edit.getByLabel('AI tokens per day');
    await edit.getByPlaceholder('Default (no limit)').waitFor();
    await edit.getByTestId('user-ai-use-today').filter({ hasText: 'Today: 0 AI tokens' }).waitFor();
    await tokens.fill('-5');
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.getByText('The daily AI tokens must be a whole number from 0 to 1000000000.').waitFor();
    await tokens.fill('40000');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Updated successfully').waitFor();
    await edit.waitFor({ state: 'detached' });
    expect(await quotaOf()).toMatchObject({
      limit: 25,
      override: 25,
      token_limit: 40000,
      token_override: 40000,
    });

    await page.getByRole('button', { name: `Edit ${person.email}` }).click();
    await expect(dialog(page, 'Edit User').getByLabel('AI calls per day').inputValue()).resolves.toBe('25');
    await expect(dialog(page, 'Edit User').getByLabel('AI tokens per day').inputValue()).resolves.toBe(
      '40000',
    );
    await dialog(page, 'Edit User').getByLabel('AI calls per day').fill('');
    await dialog(page, 'Edit User').getByLabel('AI tokens per day').fill('');
    await dialog(page, 'Edit User').getByRole('button', { name: 'Update' }).click();
    await dialog(page, 'Edit User').waitFor({ state: 'detached' });
    expect(await quotaOf()).toMatchObject({
      limit: 1,
      override: null,
      token_limit: null,
      token_override: null,
    });
  });
});

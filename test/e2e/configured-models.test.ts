import { type Locator, type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { newUser, requestJson } from '../support/http';
import { ADMIN, chooseRowAction, signIn } from './admin-support';

let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake?.close());
// A product of its own: its AI calls go to this file's fake provider, and it offers two configured models.
const product = useBrowserProduct(() => ({
  admin: ADMIN,
  openAiBaseUrl: fake.baseUrl,
  // As AI_MODELS='Fast=gpt-4o-mini,Best=gpt-4o' configures them.
  aiModels: [
    { label: 'Fast', providerModel: 'gpt-4o-mini' },
    { label: 'Best', providerModel: 'gpt-4o' },
  ],
}));
const { browser } = product;

async function pageAt(width: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const optionsOf = (scope: Page | Locator) =>
  scope
    .getByLabel('Model')
    .locator('option')
    .evaluateAll((options) => options.map((option) => option.textContent));

/** The user's Elements agent, run with a configured label; resolves with the provider request it made. */
async function runAsUser(width: number, label: string) {
  const person = newUser();
  await requestJson(product.baseUrl, 'POST', '/api/signup', { body: person });
  const page = await pageAt(width);
  await signIn(page, product.baseUrl, person);
  await page.waitForURL('**/types/dashboard');
  await page.goto(`${product.baseUrl}/elements/AgentBL`);
  await page.getByLabel('Model').locator('option', { hasText: 'Fast' }).waitFor({ state: 'attached' });
  expect(await optionsOf(page)).toEqual(['Select Model', 'Fast', 'Best']);
  const before = fake.requests.length;
  fake.reply({ content: 'Light: Backlight, Glow\nTexture: Grain, Matte' });
  await page.getByLabel('Model').selectOption(label);
  await page.getByPlaceholder('Enter frequency like 5 or 10').fill('4');
  await page.getByRole('button', { name: 'Run' }).click();
  await waitFor(() => fake.requests.length > before, 'the provider request');
  return { page, request: fake.requests[before]! };
}

describe('the configured models (AI_MODELS) in the browser', () => {
  it("offers the configured labels on a phone's agent panel and runs the label's provider model", async () => {
    const { page, request } = await runAsUser(360, 'Fast');
    expect(request.body.model).toBe('gpt-4o-mini');
    await page.context().close();
  });

  it("offers the same labels in the admin's Regenerate, which asks for the chosen label's model", async () => {
    const { page: userPage } = await runAsUser(1280, 'Fast');
    await userPage.context().close();
    const page = await pageAt(1280);
    await signIn(page, product.baseUrl, ADMIN);
    await page.waitForURL('**/admin/UserManage');
    await page.goto(`${product.baseUrl}/admin/mode/bl`);
    await chooseRowAction(page, /^Actions for /, 'Regenerate');
    const regenerate = page.getByRole('dialog', { name: 'Regenerate' });
    await regenerate
      .getByLabel('Model')
      .locator('option', { hasText: 'Best' })
      .waitFor({ state: 'attached' });
    expect(await optionsOf(regenerate)).toEqual(['Fast', 'Best']);
    const before = fake.requests.length;
    await regenerate.getByLabel('Model').selectOption('Best');
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await regenerate.getByRole('status').filter({ hasText: 'Regenerating with Best.' }).waitFor();
    await waitFor(() => fake.requests.length > before, 'the regenerated request');
    expect(fake.requests[before]!.body.model).toBe('gpt-4o');
    await page.context().close();
  });
});

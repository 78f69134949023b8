import { type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { signedUpUser, seedSession, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { requestJson } from '../support/http';

let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
});
afterAll(() => provider?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ openAiBaseUrl: provider.baseUrl }));

type User = Awaited<ReturnType<typeof signedUpUser>>;

/** A Pro item of the user with a reason written on it, through the API. */
async function reasonOn(user: User, item: string, reason: string): Promise<void> {
  const { baseUrl } = product;
  const stored = await requestJson(baseUrl, 'POST', `/api/ai/response/tr/newstore/${user.id}`, {
    token: user.token,
    body: { ai_response: [item] },
  });
  const row = stored.body.ai_response.find((entry: { ai_response: string }) => entry.ai_response === item);
  const written = await requestJson(baseUrl, 'POST', `/api/ai/response/tr/updateReason/${row.id}`, {
    token: user.token,
    body: { ai_reason: reason },
  });
  expect(written.status).toBe(200);
}

/** An element of the user with a reason written on it, through the API; its id. */
async function elementWithReason(user: User, element: string, reason: string): Promise<number> {
  const { baseUrl } = product;
  const stored = await requestJson(baseUrl, 'POST', `/api/ai/response/bl/newstore/${user.id}`, {
    token: user.token,
    body: { ai_response: [element] },
  });
  const row = stored.body.ai_response.find((entry: { ai_response: string }) => entry.ai_response === element);
  const written = await requestJson(baseUrl, 'POST', `/api/ai/response/bl/updateReason/${row.id}`, {
    token: user.token,
    body: { ai_reason: reason },
  });
  expect(written.status).toBe(200);
  return row.id;
}

async function signedIn(user: User, width: number): Promise<Page> {
  const page = await product.newPage({ width, height: 800 });
  page.setDefaultTimeout(20_000);
  await seedSession(page, product.baseUrl, user);
  return page;
}

describe('reasons that steer, in the browser', () => {
  it.each([1280, 360])('a Run and a Refine say which of your reasons they used (%i px)', async (width) => {
    const user = await signedUpUser(product.baseUrl);
    await reasonOn(user, 'Noir', 'too dark');
    const page = await signedIn(user, width);

    await page.goto(`${product.baseUrl}/pro/AgentTR`);
    await page.getByRole('heading', { name: 'Pro agent' }).waitFor();
    await page.getByLabel('Model').selectOption({ label: 'Open AI' });
    provider.reply({ content: 'Curator\nStylist', held: true });
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('2');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByTestId('reasons-used').getByText('Used 1 of your reasons: “too dark”').waitFor();
    await waitFor(
      () => provider.requests.some((request) => JSON.stringify(request.body.messages).includes('too dark')),
      'the reason in the provider request',
    );
    for (let piece = 0; piece < 2; piece += 1) {
      await waitFor(() => provider.waiting >= 1, 'the provider waiting for the test');
      provider.release(provider.waiting);
    }
    await page.waitForURL('**/pro/ProListingTR');

    await page.goto(`${product.baseUrl}/types/streamBM`);
    provider.reply({ content: 'a calm harbour at dawn' });
    await page.getByRole('button', { name: 'Refine' }).click();
    await page.getByTestId('reasons-used').getByText('Used 1 of your reasons: “too dark”').waitFor();
    await page.context().close();
  });

  it.each([1280, 360])(
    "an element's sub-element generation says which of your reasons it used (%i px)",
    async (width) => {
      const user = await signedUpUser(product.baseUrl);
      const elementId = await elementWithReason(user, 'Lighthouse', 'keep it coastal');
      const page = await signedIn(user, width);

      provider.reply({ content: JSON.stringify({ Light: ['Rim', 'Fill'], Mood: ['Calm', 'Warm'] }) });
      await page.goto(`${product.baseUrl}/elements/${elementId}`);
      await page.getByRole('heading', { name: 'Lighthouse' }).waitFor();
      const note = page.getByTestId('reasons-used');
      await note.getByText('Used 1 of your reasons: “keep it coastal”').waitFor();
      await waitFor(
        () =>
          provider.requests.some((request) =>
            JSON.stringify(request.body.messages).includes('\\"keep it coastal\\"'),
          ),
        'the quoted reason in the provider request',
      );
      // The generated sub-elements arrive and the note stays beside them, inside the screen's width.
      await page.getByRole('checkbox', { name: 'Rim' }).waitFor();
      await note.waitFor();
      await note.locator('summary').click();
      await note.getByRole('listitem').filter({ hasText: 'Lighthouse: keep it coastal' }).waitFor();
      const overflows = await page.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth);
      expect(overflows).toBe(false);
      await page.context().close();
    },
  );
});

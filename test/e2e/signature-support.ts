import { type Page } from 'playwright-core';
import { seedSession, signedUpUser, type ContextOpener } from '../support/browser-product';
import { graphql } from '../support/http';

/** The two widths every signature screen is checked at: a desktop and a phone (390×844). */
export const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

export type Viewport = (typeof VIEWPORTS)[number][1];

/** Adds an item to a list and activates it, through the API the client uses. */
export async function addActive(baseUrl: string, token: string, family: string, text: string) {
  const added = await graphql(
    baseUrl,
    'mutation ($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { items { id aiResponse } } }',
    { family, text },
    token,
  );
  if (added.body.errors) throw new Error(JSON.stringify(added.body.errors));
  const item = added.body.data.addCustomItem.items.find(
    (entry: { aiResponse: string }) => entry.aiResponse === text,
  );
  await graphql(
    baseUrl,
    'mutation ($family: ListFamily!, $id: Int!) { setItemActive(family: $family, itemId: $id, active: true) { activeTypes } }',
    { family, id: item.id },
    token,
  );
}

/**
 * A new user with these active types, elements and pro items, and a page of a new browser context that holds the
 * user's session (`seedSession`): the test's first `page.goto` opens its screen signed in.
 */
export async function signedInWith(
  browser: ContextOpener,
  baseUrl: string,
  viewport: Viewport,
  active: { types: string[]; elements: string[]; pro: string[] },
): Promise<{ page: Page; token: string }> {
  const { token } = await signedUpUser(baseUrl);
  for (const type of active.types) await addActive(baseUrl, token, 'tl', type);
  for (const element of active.elements) await addActive(baseUrl, token, 'bl', element);
  for (const pro of active.pro) await addActive(baseUrl, token, 'tr', pro);

  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await seedSession(page, baseUrl, { token });
  return { page, token };
}

/** The saved signature as the server has it. */
export async function savedSignature(baseUrl: string, token: string) {
  const response = await graphql(baseUrl, '{ mySignature { code signature type } }', {}, token);
  return response.body.data.mySignature as { code: string; signature: string[]; type: string | null } | null;
}

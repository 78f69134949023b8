import { type Page } from 'playwright-core';
import { graphql, newUser, requestJson } from '../support/http';
import { waitInPage } from '../support/wait-in-page';

/** A route of SPEC §2 and the selector that shows its screen has rendered its data. */
export interface RouteCheck {
  path: string;
  ready: string;
}

/** The user's seeded items: one type, six elements and one Pro item, all active (enough for a signature). */
export interface SeededUser {
  id: number;
  token: string;
  email: string;
  password: string;
  typeId: number;
  elementId: number;
  proId: number;
}

async function addActive(baseUrl: string, token: string, family: string, text: string): Promise<number> {
  const added = await graphql(
    baseUrl,
    'mutation ($f: ListFamily!, $t: String!) { addCustomItem(family: $f, text: $t) { items { id aiResponse } } }',
    { f: family, t: text },
    token,
  );
  expect(added.body.errors).toBeUndefined();
  const item = added.body.data.addCustomItem.items.find(
    (entry: { aiResponse: string }) => entry.aiResponse === text,
  );
  const activated = await graphql(
    baseUrl,
    'mutation ($f: ListFamily!, $id: Int!) { setItemActive(family: $f, itemId: $id, active: true) { activeTypes } }',
    { f: family, id: item.id },
    token,
  );
  expect(activated.body.errors).toBeUndefined();
  return item.id;
}

export async function seedUser(baseUrl: string): Promise<SeededUser> {
  const user = newUser();
  const signup = await requestJson(baseUrl, 'POST', '/api/signup', { body: user });
  const token: string = signup.body.access_token;
  const typeId = await addActive(baseUrl, token, 'tl', 'Photography');
  const elementId = await addActive(baseUrl, token, 'bl', 'Light');
  for (const element of ['Shadow', 'Texture', 'Colour', 'Motion', 'Depth'])
    await addActive(baseUrl, token, 'bl', element);
  const proId = await addActive(baseUrl, token, 'tr', 'Architect');
  return {
    id: signup.body.user.id,
    token,
    email: user.email,
    password: user.password,
    typeId,
    elementId,
    proId,
  };
}

export const ANONYMOUS_ROUTES: RouteCheck[] = [
  { path: '/pro', ready: 'input[placeholder="USERNAME OR EMAIL"]' },
  { path: '/login', ready: 'input[placeholder="USERNAME OR EMAIL"]' },
  { path: '/Signup', ready: 'form h1' },
];

export function userRoutes(user: SeededUser): RouteCheck[] {
  const sidebarRow = '.sidebar .list-row';
  return [
    { path: '/', ready: '.slider-card' },
    { path: '/types/dashboard', ready: '.card-grid .card' },
    { path: '/types/TypesListing', ready: sidebarRow },
    { path: `/types/${user.typeId}`, ready: 'main h1' },
    { path: '/types/agent', ready: 'main select' },
    { path: '/types/streamBM', ready: '#stream-prompt' },
    { path: '/types/ElementsListingBL', ready: sidebarRow },
    { path: '/elements/ElementsListingBL', ready: sidebarRow },
    { path: `/elements/${user.elementId}`, ready: 'main input[type="checkbox"]' },
    { path: '/elements/AgentBL', ready: 'main select' },
    { path: '/pro/ProListingTR', ready: sidebarRow },
    { path: '/pro/SignatureListingBR', ready: '.sidebar a[href*="SignatureListingoptRB"]' },
    { path: '/pro/AgentTR', ready: 'main select' },
    { path: '/pro/AgentBR', ready: 'main select' },
    { path: `/pro/${user.proId}`, ready: 'main h1' },
    { path: '/pro/SignatureListingoptRB/0', ready: 'main h1' },
    { path: '/packs', ready: 'main input[type="file"]' },
    { path: '/packs/not-a-pack-token', ready: 'main .pack-link-message' },
  ];
}

export const USER_MANAGE: RouteCheck = { path: '/admin/UserManage', ready: '.admin-content tbody tr' };
export const TR_RECORDS: RouteCheck = { path: '/admin/mode/tr', ready: '.admin-content tbody tr' };

export const ADMIN_ROUTES: RouteCheck[] = [
  { path: '/admin/dashboard', ready: '.admin-content .card' },
  USER_MANAGE,
  { path: '/admin/module', ready: '.admin-content table' },
  { path: '/admin/mode', ready: '.admin-content table' },
  { path: '/admin/modetype', ready: '.admin-content table' },
  { path: '/admin/mode/tl', ready: '.admin-content tbody tr' },
  TR_RECORDS,
  { path: '/admin/mode/bl', ready: '.admin-content tbody tr' },
  { path: '/admin/mode/br', ready: '.admin-content table' },
  { path: '/admin/audit', ready: '.admin-content table' },
  { path: '/admin/ai-calls', ready: '.admin-content table' },
];

/** Loads a route and waits until its screen shows its data (no 'Loading...' left). */
export async function visit(page: Page, baseUrl: string, route: RouteCheck): Promise<void> {
  await page.goto(`${baseUrl}${route.path}`);
  await waitInPage(
    page,
    `document.querySelector(${JSON.stringify(route.ready)}) && !document.body.innerText.includes('Loading...')`,
  ).catch((error: unknown) => {
    throw new Error(`${route.path}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** How far the page is wider than the viewport (0 when nothing overflows horizontally). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
}

/** The widest elements sticking out past the right edge, to say what overflows when a check fails. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') +
      ' right=' + Math.round(el.getBoundingClientRect().right))`);
}

/**
 * Every visible control (link, button, field) that something else covers: each is scrolled to the middle of the
 * view, as a person would scroll to it, and the element at its centre must be the control itself (or inside it, or
 * its label). One evaluate for the whole page; the page is scrolled back to the top after.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(COVERED_CONTROLS);
}

const COVERED_CONTROLS = `(() => {
  const describe = (el) => {
    if (!el) return 'nothing';
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.getAttribute('name') || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return \`\${el.tagName.toLowerCase()}\${cls}\${name ? \` "\${name}"\` : ''}\`;
  };
  const controls = document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button]');
  const found = [];
  for (const el of controls) {
    if (el.closest('[inert], [aria-hidden="true"]')) continue;
    // Not rendered, hidden, transparent, or in a closed <details>: nothing a person could reach anyway.
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true, contentVisibilityAuto: true })) continue;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // A link that wraps onto two lines has a box per line: the centre of its whole box may be between them.
    const r = el.getClientRects()[0];
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) { found.push(\`\${describe(el)} out of view\`); continue; }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || (el.labels && [...el.labels].some((l) => l.contains(hit)))))
      found.push(\`\${describe(el)} under \${describe(hit)}\`);
  }
  window.scrollTo(0, 0);
  return found;
})()`;

import { waitInPage } from '../support/wait-in-page';
import { type Page, type WebSocket } from 'playwright-core';

/** Client-side navigation without a reload, as a link click does (react-router listens to popstate). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/** Marks the current document, so a test can prove later that no reload happened in between. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.sameDocumentMarker = true');
}

export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate('window.sameDocumentMarker === true');
}

/** The user id (JWT `sub`) in a bearer token, read without checking the signature. */
export function tokenSubject(authorization: string): number {
  const token = authorization.replace(/^Bearer\s+/i, '');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return Number(payload.sub);
}

export interface RecordedSocket {
  socket: WebSocket;
  /** The user id its `connection_init` signs in as (null: anonymous). */
  user: Promise<number | null>;
  closed: Promise<void>;
}

/** Records every WebSocket the page opens, from its first frame on, in order. */
export function recordSockets(page: Page): { nth(index: number): Promise<RecordedSocket> } {
  const sockets: RecordedSocket[] = [];
  const waiters: Array<() => void> = [];
  page.on('websocket', (socket) => {
    const user = new Promise<number | null>((resolve) => {
      socket.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string' || !frame.payload.includes('"connection_init"')) return;
        const message = JSON.parse(frame.payload) as { payload?: { authorization?: string } };
        const authorization = message.payload?.authorization;
        resolve(authorization ? tokenSubject(authorization) : null);
      });
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    sockets.push({ socket, user, closed });
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    async nth(index) {
      while (!sockets[index]) await new Promise<void>((resolve) => waiters.push(resolve));
      return sockets[index];
    },
  };
}

/** Every local storage key of the page. */
export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate('Object.keys(localStorage)');
}

export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Resolves once the Stream page's prompt box holds text matching `pattern`. */
export async function waitForPrompt(page: Page, pattern: RegExp): Promise<void> {
  await waitInPage(
    page,
    `new RegExp(${JSON.stringify(pattern.source)}).test(document.querySelector('#stream-prompt')?.value ?? '')`,
  );
}

/** Writes local storage keys in this order, as another tab would (null removes the key). */
export async function writeStorage(page: Page, entries: Array<[string, string | null]>): Promise<void> {
  const steps = entries.map(([key, value]) =>
    value === null
      ? `localStorage.removeItem(${JSON.stringify(key)});`
      : `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
  );
  await page.evaluate(steps.join('\n'));
}

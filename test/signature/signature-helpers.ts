import { ensureAdminAccount } from '@promptloom/admin';
import { accountEvents } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { type TestProduct } from '../support/embedded-product';

export const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
export const OTHER_SIX = ['Iris', 'Jade', 'Kelp', 'Lumen', 'Moss', 'Nova'];

export interface SignedIn {
  token: string;
  userId: number;
}

export async function signUp(baseUrl: string): Promise<SignedIn> {
  const response = await requestJson(baseUrl, 'POST', '/api/signup', { body: newUser() });
  if (response.status !== 201) throw new Error(`signup failed: ${JSON.stringify(response.body)}`);
  return { token: response.body.access_token, userId: response.body.user.id };
}

export async function signInAdmin(baseUrl: string, bus: Bus): Promise<SignedIn> {
  const email = `admin.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'an admin password';
  await ensureAdminAccount(bus, { email, password, always: true });
  const response = await requestJson(baseUrl, 'POST', '/api/login', { body: { email, password } });
  return { token: response.body.access_token, userId: response.body.user.id };
}

export interface UploadImage {
  bytes: Buffer;
  name: string;
  type: string;
}

/** The Stream page's upload form (SPEC §3), `fields` overriding or (as undefined) leaving out a field. */
export function streamForm(
  userId: number,
  image: UploadImage | null,
  fields: Record<string, string | undefined> = {},
): FormData {
  const all: Record<string, string | undefined> = {
    user_id: String(userId),
    signature: SIX.join(','),
    signatureElements: 'Light,Shadow',
    Hyper_realistic: '1',
    '8k': '1',
    '4k': '0',
    finalprompt: 'Hyper-realistic Photography image. 8k resolution. --ar 16:9 --v 6 --q 2',
    ...fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(all)) if (value !== undefined) form.append(name, value);
  if (image) form.append('image', new Blob([image.bytes], { type: image.type }), image.name);
  return form;
}

export async function postForm(
  baseUrl: string,
  path: string,
  token: string | undefined,
  body: FormData | string,
) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (typeof body === 'string') headers['content-type'] = 'multipart/form-data; boundary=nothing-here';
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function getBytes(baseUrl: string, path: string, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Announces `userId`'s deletion as the admin service does, and waits until the signature schema's `table` holds none of their rows. */
export async function deleteUserAndWaitForRows(
  product: TestProduct,
  userId: number,
  table: string,
): Promise<void> {
  await product.bus.publish(accountEvents.userDeleted.subject, { userId }, { id: `user-${userId}-deleted` });
  await waitFor(async () => {
    const rows = await product.signature.orm.em
      .getConnection()
      .execute(`select 1 from signature.${table} where user_id = ?`, [userId]);
    return rows.length === 0;
  }, `the deleted user's ${table} rows to go`);
}

import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signInAdmin, signUp, type SignedIn } from '../signature/signature-helpers';

/**
 * The gateway refuses REST calls from the access each operation declares, before it reads what they carry: a caller
 * who is not signed in gets 401 whatever the body, a regular user 403 on an admin route or on another user's path,
 * and only then does a body get its 422.
 */
let product: TestProduct;
let ada: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  product = await startTestProduct();
  ada = await signUp(product.baseUrl);
  bob = await signUp(product.baseUrl);
  admin = await signInAdmin(product.baseUrl, product.buses.admin);
});
afterAll(() => product.stop());

const send = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(product.baseUrl, method, path, { token, body });

/** Wrong in every field the routes below read. */
const MALFORMED = { name: 5, status: 'maybe', user_id: 'x', signature: 'not a list', item_id: 'x' };
const NOT_AUTHENTICATED = 'You are not authenticated. Please log in.';
const NOT_AUTHORIZED = 'This action is unauthorized.';

describe('REST refusals come before the input is read', () => {
  it('answers a caller who is not signed in 401 with a malformed body, not 422', async () => {
    for (const path of [
      `/api/br/signature/store/${ada.userId}`,
      '/api/admin/modules/store',
      '/api/stream/history',
    ]) {
      const anonymous = await send('POST', path, undefined, MALFORMED);
      expect({ path, status: anonymous.status, message: anonymous.body.message }).toEqual({
        path,
        status: 401,
        message: NOT_AUTHENTICATED,
      });
      const badToken = await send('POST', path, 'x.y.z', MALFORMED);
      expect({ path, status: badToken.status, message: badToken.body.message }).toEqual({
        path,
        status: 401,
        message: 'Your session is not valid. Please log in again.',
      });
    }
  });

  it('refuses a regular user an admin route with 403 before its body is validated', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/admin/modules/store'],
      ['PUT', `/api/admin/user/update/${bob.userId}`],
      ['PUT', `/api/admin/user/ai-quota/${bob.userId}`],
    ];
    for (const [method, path] of routes) {
      const regular = await send(method, path, ada.token, MALFORMED);
      expect({ path, status: regular.status, message: regular.body.message }).toEqual({
        path,
        status: 403,
        message: NOT_AUTHORIZED,
      });
      expect((await send(method, path, admin.token, MALFORMED)).status).toBe(422);
    }
  });

  it("refuses a write to another user's path with 403 before the body is parsed, even an admin's", async () => {
    const paths = [
      (userId: number) => `/api/br/signature/store/${userId}`,
      (userId: number) => `/api/ai/response/tl/store/${userId}`,
      (userId: number) => `/api/ai/selection/${userId}/item`,
    ];
    for (const pathOf of paths) {
      for (const caller of [ada, admin]) {
        const refused = await send('POST', pathOf(bob.userId), caller.token, MALFORMED);
        expect({ path: pathOf(bob.userId), status: refused.status, message: refused.body.message }).toEqual({
          path: pathOf(bob.userId),
          status: 403,
          message: NOT_AUTHORIZED,
        });
      }
      const own = await send('POST', pathOf(ada.userId), ada.token, MALFORMED);
      expect(own.status).toBe(422);
    }
  });

  it("lets an admin read another user's path, and answers a path that is no user id with its field's 422", async () => {
    expect((await send('GET', `/api/br/signature/get/${bob.userId}`, ada.token)).status).toBe(403);
    expect((await send('GET', `/api/br/signature/get/${bob.userId}`, admin.token)).status).toBe(200);
    const notAnId = await send('GET', '/api/br/signature/get/abc', ada.token);
    expect(notAnId.status).toBe(422);
    expect(notAnId.body.errors).toEqual({ userId: ['The id must be a number.'] });
  });

  it('keeps the checks no operation declares: a body naming another user for sub-elements, the admin quota path', async () => {
    const stored = await send('POST', `/api/ai/response/bl/store/${ada.userId}`, ada.token, {
      levels: 1,
      ai_model: 'gpt-4o',
      frequency: 1,
      ai_response: ['Light'],
      agent_role: 'Photographer',
      name: 'Summer',
    });
    expect(stored.status).toBe(200);
    const element = stored.body.ai_response[0];
    const path = `/api/ai/response/bltypes/store/${element.id}`;
    const otherUser = await send('POST', path, ada.token, { user_id: bob.userId, name: 5 });
    expect({ status: otherUser.status, message: otherUser.body.message }).toEqual({
      status: 403,
      message: NOT_AUTHORIZED,
    });
    expect((await send('POST', path, ada.token, { user_id: ada.userId, name: ['Rim light'] })).status).toBe(
      200,
    );
    // The quota read is the owner's too (GET /api/ai/quota), but not through the admin's path.
    expect((await send('GET', '/api/ai/quota', ada.token)).status).toBe(200);
    expect((await send('GET', `/api/admin/user/ai-quota/${ada.userId}`, ada.token)).status).toBe(403);
    expect((await send('GET', `/api/admin/user/ai-quota/${ada.userId}`, admin.token)).status).toBe(200);
  });
});

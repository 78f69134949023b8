import { createGateway, type Gateway } from '@promptloom/gateway';
import { aiOperations, type RequestContext } from '@promptloom/proto';
import { call, createLogger } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { TEST_JWT_SECRET } from '../support/embedded-product';
import { graphql, newUser, requestJson } from '../support/http';
import { openSocket } from '../support/session-socket';
import { contextOf } from '../support/token-context';

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** Longer than any test: a session can only end here through `evt.admin.session.ended`, never by the cache expiring. */
const NO_CACHE_EXPIRY_MS = 10 * 60_000;
const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];

let fixture: AdminFixture;
let secondGateway: Gateway;
let secondUrl: string;

beforeAll(async () => {
  fixture = await startAdminFixture('sessions.root@example.com', { sessionCheckTtlMs: NO_CACHE_EXPIRY_MS });
  // A second gateway on the same bus: it hears the same events, as a second replica would.
  secondGateway = await createGateway({
    bus: fixture.product.bus,
    logger: createLogger('test', 'silent'),
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: 3_600_000,
    sessionCheckTtlMs: NO_CACHE_EXPIRY_MS,
    maxBodyBytes: 1_048_576,
    uploads: { objectStore: fixture.product.objects, maxBytes: 1_000_000 },
  });
  secondUrl = `http://127.0.0.1:${await secondGateway.listen(0, '127.0.0.1')}`;
});
afterAll(async () => {
  await secondGateway.close();
  await fixture.product.stop();
});

interface SignedIn {
  userId: number;
  token: string;
  email: string;
  password: string;
}

async function signUp(): Promise<SignedIn> {
  const payload = newUser();
  const response = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: payload });
  expect(response.status).toBe(201);
  return {
    userId: response.body.user.id,
    token: response.body.access_token,
    email: payload.email,
    password: payload.password,
  };
}

async function logIn(user: SignedIn, password = user.password): Promise<string> {
  const response = await requestJson(fixture.product.baseUrl, 'POST', '/api/login', {
    body: { email: user.email, password },
  });
  expect(response.status).toBe(200);
  return response.body.access_token;
}

/** A read of the user's own list: 200 while the session holds. */
const readOwnList = (user: SignedIn, token = user.token, baseUrl = fixture.product.baseUrl) =>
  requestJson(baseUrl, 'GET', `/api/ai/response/tl/get/${user.userId}`, { token });

async function expectEnded(user: SignedIn, token = user.token, baseUrl = fixture.product.baseUrl) {
  const refused = await waitFor(async () => {
    const response = await readOwnList(user, token, baseUrl);
    return response.status === 401 ? response : null;
  }, 'the ended session to be refused');
  expect(refused!.body.message).toBe(SESSION_ENDED);
}

const storeList = (user: SignedIn, context: RequestContext) =>
  call(
    fixture.product.bus,
    aiOperations.storeList,
    { family: 'bl', user_id: user.userId, ai_model: 'gpt-4o', frequency: 1, ai_response: ['Glow'] },
    { context },
  );

describe('a session ends with the account, on every gateway, and its sockets close', () => {
  it('deactivation: the token is refused on both gateways and the open socket closes with 4403', async () => {
    const user = await signUp();
    expect((await readOwnList(user)).status).toBe(200);
    expect((await readOwnList(user, user.token, secondUrl)).status).toBe(200);
    const socket = await openSocket(fixture.product.baseUrl, user.token);

    const update = await fixture.asAdmin('PUT', `/api/admin/user/update/${user.userId}`, {
      status: 'Inactive',
    });
    expect(update.status).toBe(200);

    await expectEnded(user);
    await expectEnded(user, user.token, secondUrl);
    expect(await socket.closed).toBe(4403);
    const login = await requestJson(fixture.product.baseUrl, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(403);
  });

  it('deletion: the token is refused and the open socket closes with 4401', async () => {
    const user = await signUp();
    const socket = await openSocket(fixture.product.baseUrl, user.token);
    expect((await fixture.asAdmin('DELETE', `/api/admin/user/delete/${user.userId}`)).status).toBe(200);
    await expectEnded(user);
    expect(await socket.closed).toBe(4401);
  });

  it('role change: the old token is refused, a new sign-in carries the new role', async () => {
    const user = await signUp();
    const socket = await openSocket(fixture.product.baseUrl, user.token);
    const update = await fixture.asAdmin('PUT', `/api/admin/user/update/${user.userId}`, {
      role_type: 'Admin',
    });
    expect(update.status).toBe(200);
    await expectEnded(user);
    expect(await socket.closed).toBe(4401);
    const promoted = await logIn(user);
    const list = await requestJson(fixture.product.baseUrl, 'GET', '/api/admin/user/list', {
      token: promoted,
    });
    expect(list.status).toBe(200);
  });

  it('password change: every session of the user ends, the new password signs in', async () => {
    const user = await signUp();
    const otherDevice = await logIn(user);
    const update = await fixture.asAdmin('PUT', `/api/admin/user/update/${user.userId}`, {
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(update.status).toBe(200);
    await expectEnded(user);
    await expectEnded(user, otherDevice);
    const fresh = await logIn(user, 'a brand new password');
    expect((await readOwnList(user, fresh)).status).toBe(200);
  });

  it('an edit that changes none of these leaves the sessions alone', async () => {
    const user = await signUp();
    const update = await fixture.asAdmin('PUT', `/api/admin/user/update/${user.userId}`, {
      name: 'Grace Hopper',
    });
    expect(update.status).toBe(200);
    // The marker: a change that does end sessions, made after the harmless one, is seen; the harmless one was not.
    const marker = await signUp();
    await fixture.asAdmin('PUT', `/api/admin/user/update/${marker.userId}`, { status: 'Inactive' });
    await expectEnded(marker);
    expect((await readOwnList(user)).status).toBe(200);
  });
});

describe('logout ends the session on the server', () => {
  it('REST: this token stops working on every gateway, its socket closes with 4401, other sessions go on', async () => {
    const user = await signUp();
    const otherDevice = await logIn(user);
    const socket = await openSocket(fixture.product.baseUrl, user.token);
    const otherSocket = await openSocket(fixture.product.baseUrl, otherDevice);
    expect((await readOwnList(user, user.token, secondUrl)).status).toBe(200);
    const storeSignature = () =>
      requestJson(fixture.product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
        token: otherDevice,
        body: { user_id: user.userId, username: 'Ada', signature: SIX, signatureElements: [], status: '1' },
      });
    // The other socket's subscription is in place: it receives a change made before the logout.
    expect((await storeSignature()).status).toBe(200);
    await waitFor(() => otherSocket.received.length === 1, 'the first signature change on the other socket');

    const logout = await requestJson(fixture.product.baseUrl, 'POST', '/api/logout', { token: user.token });
    expect(logout.status).toBe(200);
    expect(logout.body.message).toBe('Logged out successfully');

    await expectEnded(user);
    await expectEnded(user, user.token, secondUrl);
    expect(await socket.closed).toBe(4401);
    expect((await readOwnList(user, otherDevice)).status).toBe(200);
    // The other session's socket is still open: it receives the change made after the logout.
    expect((await storeSignature()).status).toBe(200);
    await waitFor(() => otherSocket.received.length === 2, 'the second signature change on the other socket');
    await otherSocket.close();
  });

  it('GraphQL: the logout mutation ends the session; logging out again is refused', async () => {
    const user = await signUp();
    const response = await graphql(fixture.product.baseUrl, 'mutation { logout }', {}, user.token);
    expect(response.body).toEqual({ data: { logout: true } });
    await expectEnded(user);
    const again = await graphql(fixture.product.baseUrl, 'mutation { logout }', {}, user.token);
    expect(again.body.errors?.[0]).toMatchObject({
      message: SESSION_ENDED,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('a socket cannot be opened with an ended session', async () => {
    const user = await signUp();
    await requestJson(fixture.product.baseUrl, 'POST', '/api/logout', { token: user.token });
    await expectEnded(user);
    const socket = await openSocket(fixture.product.baseUrl, user.token, { expectRefusal: true });
    expect(await socket.closed).toBe(4403);
  });

  it('the services refuse an ended session themselves, whatever a gateway lets through', async () => {
    const user = await signUp();
    const context = contextOf(user.token);
    await expect(storeList(user, context)).resolves.toMatchObject({ user_id: user.userId });
    await requestJson(fixture.product.baseUrl, 'POST', '/api/logout', { token: user.token });
    await waitFor(
      () =>
        storeList(user, context).then(
          () => false,
          (error: { code?: string }) => error.code === 'UNAUTHENTICATED',
        ),
      'the worker to refuse the ended session',
    );
    // Reads too: the service holds to the session on every operation of a user's records.
    await expect(
      call(fixture.product.bus, aiOperations.getList, { family: 'bl', user_id: user.userId }, { context }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
  });
});

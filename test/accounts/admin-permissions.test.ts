import { Client } from 'pg';
import { ensureAdminAccount } from '@promptloom/admin';
import { graphql, newUser, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

let product: TestProduct;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  product = await startTestProduct();
  await ensureAdminAccount(product.buses.admin, { email: 'root@example.com', password: 'root-password-1' });
  const admin = await requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: 'root@example.com', password: 'root-password-1' },
  });
  adminToken = admin.body.access_token;
  const user = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  userToken = user.body.access_token;
});
afterAll(() => product.stop());

const ADMIN_USERS = `query ($page: Int, $perPage: Int) {
  adminUsers(page: $page, perPage: $perPage) { currentPage lastPage perPage total data { email roleType } }
}`;

describe('the role is checked on the server for admin operations', () => {
  it('REST: no token → 401 with the spec text; a regular user → 403; an admin → the page envelope', async () => {
    const anonymous = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('You are not authenticated. Please log in.');

    const regular = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list', { token: userToken });
    expect(regular.status).toBe(403);
    expect(regular.body.message).toBe('This action is unauthorized.');

    const admin = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list', { token: adminToken });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    expect(admin.body.data.data.map((user: { email: string }) => user.email)).toContain('root@example.com');
  });

  it('GraphQL: UNAUTHENTICATED without a token, FORBIDDEN for a regular user', async () => {
    const anonymous = await graphql(product.baseUrl, ADMIN_USERS);
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const regular = await graphql(product.baseUrl, ADMIN_USERS, {}, userToken);
    expect(regular.body.errors![0]).toMatchObject({
      message: 'This action is unauthorized.',
      extensions: { code: 'FORBIDDEN' },
    });
    const admin = await graphql(product.baseUrl, ADMIN_USERS, { perPage: 1 }, adminToken);
    expect(admin.body.data.adminUsers).toMatchObject({ currentPage: 1, lastPage: 2, perPage: 1, total: 2 });
  });

  it('pages: a non-numeric page or a negative per_page is a 422, a page past the end is the last page', async () => {
    const bad = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list?page=abc&per_page=-1', {
      token: adminToken,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      page: ['The page must be a number.'],
      per_page: ['The per page must be at least 1.'],
    });
    const past = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list?page=50&per_page=1', {
      token: adminToken,
    });
    expect(past.body.data.current_page).toBe(2);
    expect(past.body.data.data).toHaveLength(1);
  });

  it.each(['page[]=1&page[]=2', `page=${'9'.repeat(400)}`, 'per_page=1e400', 'page=1.5', 'page=', 'page=-3'])(
    'answers the odd query ?%s with a 422 or a page, never a 500',
    async (query) => {
      const response = await requestJson(product.baseUrl, 'GET', `/api/admin/user/list?${query}`, {
        token: adminToken,
      });
      expect([200, 422]).toContain(response.status);
      expect(response.body.message ?? response.body.data).toBeDefined();
    },
  );

  it('ends the session of an admin demoted after signing in, although the token still says Admin', async () => {
    await ensureAdminAccount(product.buses.admin, {
      email: 'temp.admin@example.com',
      password: 'temp-password',
      always: true,
    });
    const login = await requestJson(product.baseUrl, 'POST', '/api/login', {
      body: { email: 'temp.admin@example.com', password: 'temp-password' },
    });
    const client = new Client({ connectionString: product.database.url });
    await client.connect();
    await client.query(`update admin.users set role_type = 'user' where email = 'temp.admin@example.com'`);
    await client.end();
    const response = await requestJson(product.baseUrl, 'GET', '/api/admin/user/list', {
      token: login.body.access_token,
    });
    // The stored role is no longer the token's: the session has ended (a demotion through the admin screen also
    // bumps the session version; this one went straight to the database).
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Your session has ended. Please log in again.');
  });
});

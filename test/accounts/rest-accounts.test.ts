import { Client } from 'pg';
import { newUser, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const post = (path: string, body: unknown) => requestJson(product.baseUrl, 'POST', path, { body });

describe('REST sign-up and sign-in (SPEC §7 Session)', () => {
  it('answers the csrf-cookie call the spec client makes before login', async () => {
    const response = await fetch(`${product.baseUrl}/sanctum/csrf-cookie`);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=/);
  });

  it('signs up a regular user and returns access_token and user', async () => {
    const payload = newUser();
    const response = await post('/api/signup', payload);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Signup successful');
    expect(response.body.access_token).toEqual(expect.any(String));
    expect(response.body.token_type).toBe('Bearer');
    expect(response.body.user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      name: 'Ada Lovelace',
      email: payload.email,
      role_type: 'user',
      status: 'Active',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon2/i);
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const payload = newUser();
    await post('/api/signup', payload);
    const client = new Client({ connectionString: product.database.url });
    await client.connect();
    const { rows } = await client.query('select password_hash from admin.users where email = $1', [
      payload.email,
    ]);
    await client.end();
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(payload.password);
  });

  it('logs in with email and password and the token reads the signed-in user', async () => {
    const payload = newUser({ email: `Mixed.Case.${Date.now()}@Example.com` });
    await post('/api/signup', payload);
    const login = await post('/api/login', {
      email: payload.email.toUpperCase(),
      password: payload.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('Login Successfully');
    expect(login.body.user.email).toBe(payload.email.toLowerCase());

    const me = await requestJson(product.baseUrl, 'GET', '/api/user', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(login.body.user.id);
  });

  it('refuses a taken email with 422 and the field message', async () => {
    const payload = newUser();
    await post('/api/signup', payload);
    const again = await post('/api/signup', { ...payload, email: payload.email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken.']);
    expect(again.body.message).toBe('The email has already been taken.');
  });

  it('checks the password confirmation and the email pattern', async () => {
    const response = await post(
      '/api/signup',
      newUser({ email: 'not-an-email', password_confirmation: 'different!' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(['Enter a valid email address']);
    expect(response.body.errors.password_confirmation).toEqual([
      'The password field confirmation does not match.',
    ]);
  });

  it('lists every missing signup field with its own message', async () => {
    const response = await post('/api/signup', {});
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ['email', 'first_name', 'last_name', 'mobile', 'password', 'password_confirmation'].sort(),
    );
    expect(response.body.errors.first_name).toEqual(['The first name field is required.']);
  });

  it('refuses a wrong password with the same answer as an unknown email', async () => {
    const payload = newUser();
    await post('/api/signup', payload);
    const wrongPassword = await post('/api/login', { email: payload.email, password: 'not the password' });
    const unknownEmail = await post('/api/login', {
      email: `nobody.${Date.now()}@example.com`,
      password: 'x',
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(422);
      expect(response.body.errors.email).toEqual(['These credentials do not match our records.']);
    }
  });

  it('refuses an inactive user and a user whose role is unknown', async () => {
    const inactive = newUser();
    const oddRole = newUser();
    await post('/api/signup', inactive);
    await post('/api/signup', oddRole);
    const client = new Client({ connectionString: product.database.url });
    await client.connect();
    await client.query(`update admin.users set status = 'Inactive' where email = $1`, [inactive.email]);
    await client.query(`update admin.users set role_type = 'editor' where email = $1`, [oddRole.email]);
    await client.end();

    const inactiveLogin = await post('/api/login', { email: inactive.email, password: inactive.password });
    expect(inactiveLogin.status).toBe(403);
    expect(inactiveLogin.body.message).toBe('Your account is inactive. Please contact an administrator.');
    const oddRoleLogin = await post('/api/login', { email: oddRole.email, password: oddRole.password });
    expect(oddRoleLogin.status).toBe(403);
    expect(oddRoleLogin.body.message).toBe('Unauthorized role');
  });

  it('answers 401 with the spec text when the token is missing, and says why a bad token fails', async () => {
    const missing = await requestJson(product.baseUrl, 'GET', '/api/user');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('You are not authenticated. Please log in.');
    const forged = await requestJson(product.baseUrl, 'GET', '/api/user', { token: 'abc.def.ghi' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Your session is not valid. Please log in again.');
  });

  it('reports readiness and liveness', async () => {
    expect((await requestJson(product.baseUrl, 'GET', '/healthz')).status).toBe(200);
    const ready = await requestJson(product.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });
});

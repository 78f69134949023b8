import { randomBytes } from 'node:crypto';
import { GeneratedBusKeys } from '@promptloom/shared';
import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import { startGatewayProcess } from '../support/gateway-process';
import { newUser, requestJson } from '../support/http';
import {
  TEST_NATS_URL,
  freePort,
  startProcess,
  waitUntilReady,
  type RunningProcess,
} from '../support/processes';
import { deleteNamespaceStreams } from '../support/nats';

/**
 * The distributed shape: the gateway and the admin service as two Node processes, talking only over the real
 * NATS server, the admin service on the real PostgreSQL.
 */
describe('gateway and admin service as separate processes on NATS and PostgreSQL', () => {
  const namespace = `topo-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  let gateway: RunningProcess;
  let admin: RunningProcess;
  let baseUrl: string;
  let adminHealthUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const adminPort = await freePort();
    const shared = { NATS_URL: TEST_NATS_URL, BUS_NAMESPACE: namespace, HOST: '127.0.0.1' };
    const busKeys = new GeneratedBusKeys();
    admin = startProcess('admin', 'services/admin/dist/main.js', {
      ...shared,
      ...busKeys.environmentFor('admin'),
      DATABASE_URL: database.url,
      PORT: String(adminPort),
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'ops-password-123',
    });
    ({ gateway, baseUrl } = await startGatewayProcess(
      { ...shared, BUS_REQUEST_TIMEOUT_MS: '15000' },
      busKeys,
    ));
    adminHealthUrl = `http://127.0.0.1:${adminPort}/readyz`;
    await waitUntilReady([admin, gateway], adminHealthUrl);
    await waitUntilReady([admin, gateway], `${baseUrl}/readyz`);
  }, 200_000);

  afterAll(async () => {
    await Promise.all([gateway?.stop('SIGKILL'), admin?.stop('SIGKILL')]);
    await database?.drop();
    await deleteNamespaceStreams(namespace);
  });

  it('signs up and logs in through the gateway over HTTP', async () => {
    const payload = newUser();
    const signup = await requestJson(baseUrl, 'POST', '/api/signup', { body: payload });
    expect(signup.status).toBe(201);
    expect(signup.body.user.email).toBe(payload.email);

    const login = await requestJson(baseUrl, 'POST', '/api/login', {
      body: { email: payload.email, password: payload.password },
    });
    expect(login.status).toBe(200);
    const me = await requestJson(baseUrl, 'GET', '/api/me', { token: login.body.access_token });
    expect(me.body.user.id).toBe(signup.body.user.id);
  });

  it('carries validation errors from the service back through NATS as a 422', async () => {
    const payload = newUser();
    await requestJson(baseUrl, 'POST', '/api/signup', { body: payload });
    const again = await requestJson(baseUrl, 'POST', '/api/signup', { body: payload });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('created the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const login = await requestJson(baseUrl, 'POST', '/api/login', {
      body: { email: 'ops@example.com', password: 'ops-password-123' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role_type).toBe('Admin');
  });

  it('shuts the admin service down cleanly on SIGTERM, and the gateway then answers 503', async () => {
    expect(await admin.stop('SIGTERM')).toBe(0);
    const login = await requestJson(baseUrl, 'POST', '/api/login', {
      body: { email: 'ops@example.com', password: 'ops-password-123' },
    });
    expect(login.status).toBe(503);
    expect(login.body.message).toMatch(/unavailable/i);
  });
});

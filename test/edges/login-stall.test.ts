import {
  DEFAULT_HASHING_LIMITS,
  HASHING_BUSY_MESSAGE,
  configurePasswordHashing,
  passwordHashesInFlight,
} from '@promptloom/admin';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from '../signature/signature-helpers';

let product: TestProduct;
let target: SignedIn & { email: string };
let other: SignedIn;
beforeAll(async () => {
  product = await startTestProduct();
  const signedUp = await signUp(product.baseUrl);
  const me = await requestJson(product.baseUrl, 'GET', '/api/user', { token: signedUp.token });
  target = { ...signedUp, email: me.body.email ?? me.body.user?.email ?? me.body.data?.email };
  other = await signUp(product.baseUrl);
});
afterEach(() => configurePasswordHashing(DEFAULT_HASHING_LIMITS));
afterAll(() => product.stop());

const wrongLogin = () =>
  requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: target.email, password: 'not the password' },
  });

describe('password hashing never stalls the server', () => {
  it('answers /healthz and another user while 16 logins are still hashing', async () => {
    configurePasswordHashing({ threads: 2, queue: 32, maxWaitMs: 3000 });
    const logins = Array.from({ length: 16 }, wrongLogin);
    await waitFor(() => passwordHashesInFlight() >= 8, 'the logins to reach the hashing pool', 30_000);

    const health = await requestJson(product.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(passwordHashesInFlight()).toBeGreaterThan(0);

    const otherUsersList = await requestJson(
      product.baseUrl,
      'GET',
      `/api/ai/response/tl/get/${other.userId}`,
      {
        token: other.token,
      },
    );
    expect(otherUsersList.status).toBe(200);
    expect(passwordHashesInFlight()).toBeGreaterThan(0);

    // Each is refused as a wrong password, or (waiting past maxWaitMs on a slow machine) as busy: never a 5xx.
    const statuses = (await Promise.all(logins)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThanOrEqual(1);
    expect(passwordHashesInFlight()).toBe(0);
  });

  it('answers 429 with Retry-After when the hashing queue is full, never a 5xx', async () => {
    configurePasswordHashing({ threads: 1, queue: 2, maxWaitMs: 3000 });
    const answers = await Promise.all(Array.from({ length: 30 }, wrongLogin));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toBe(HASHING_BUSY_MESSAGE);
    expect(refused[0]!.headers.get('retry-after')).toBe('1');
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThanOrEqual(1);
  });
});

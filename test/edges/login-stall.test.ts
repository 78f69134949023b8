import {
  HASHING_BUSY_MESSAGE,
  configurePasswordHashing,
  holdPasswordHashing,
  passwordHashingState,
} from '@promptloom/admin';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { TEST_PASSWORD_HASHING, startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from '../signature/signature-helpers';

// The pool is held busy by the test (holdPasswordHashing) rather than by slow hashes: logins stay queued for as long
// as the test needs, whatever the machine's speed. Waits stay below the test bus's 15 s request timeout.
const LIMITS = { threads: 2, queue: 32, maxWaitMs: 10_000 };

let product: TestProduct;
let other: SignedIn;
let release: (() => void) | null = null;
beforeAll(async () => {
  product = await startTestProduct();
  other = await signUp(product.baseUrl);
});
afterEach(async () => {
  release?.();
  release = null;
  await waitFor(() => passwordHashingState().running === 0, 'the hashing pool to empty');
  configurePasswordHashing(TEST_PASSWORD_HASHING);
});
afterAll(() => product.stop());

let unknown = 0;
/** A wrong password for an address nobody has: hashed all the same, and no account lock after 100 failures. */
const wrongLogin = () =>
  requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: `nobody${(unknown += 1)}.${Date.now()}@example.com`, password: 'not the password' },
  });

describe('password hashing never stalls the server', () => {
  it('answers /healthz and another user while logins wait for the hashing pool', async () => {
    configurePasswordHashing(LIMITS);
    release = holdPasswordHashing(LIMITS.threads);
    let answered = 0;
    const logins = Array.from({ length: 16 }, () => wrongLogin().finally(() => (answered += 1)));
    // Those expected to wait past maxWaitMs (from the machine's recent hash times) are refused at once.
    await waitFor(
      () => passwordHashingState().waiting > 0 && passwordHashingState().waiting + answered === 16,
      'the 16 logins to queue for the pool or be refused',
    );
    const waiting = passwordHashingState().waiting;

    const health = await requestJson(product.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    const otherUsersList = await requestJson(
      product.baseUrl,
      'GET',
      `/api/ai/response/tl/get/${other.userId}`,
      { token: other.token },
    );
    expect(otherUsersList.status).toBe(200);
    // Both were answered while every login was still queued behind the held pool.
    expect(passwordHashingState()).toEqual({ running: LIMITS.threads, waiting });

    release();
    release = null;
    // Each is refused as a wrong password, or (still waiting past maxWaitMs on a slow machine) as busy: never a 5xx.
    const statuses = (await Promise.all(logins)).map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
    expect(passwordHashingState()).toEqual({ running: 0, waiting: 0 });
    expect((await wrongLogin()).status).toBe(422);
  });

  it('answers every one of 60 concurrent logins past the queue bound: 429 with Retry-After, or 422', async () => {
    configurePasswordHashing({ threads: 1, queue: 4, maxWaitMs: 10_000 });
    release = holdPasswordHashing(1);
    let answered = 0;
    const logins = Array.from({ length: 60 }, () => wrongLogin().finally(() => (answered += 1)));
    await waitFor(
      () => answered >= 56 && answered + passwordHashingState().waiting === 60,
      'at most four logins queued and the others answered',
    );

    release();
    release = null;
    const answers = await Promise.all(logins);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
    // The pool held one place and queued at most four: the others were refused without waiting.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(56);
    for (const answer of refused) {
      expect(answer.body.message).toBe(HASHING_BUSY_MESSAGE);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(passwordHashingState()).toEqual({ running: 0, waiting: 0 });
    expect((await wrongLogin()).status).toBe(422);
  });
});

import { Client } from 'pg';
import {
  PASSWORD_HASH_COST,
  configurePasswordHashCost,
  hashPassword,
  passwordHashingState,
  signInLimitsOf,
} from '@promptloom/admin';
import { InProcessBus, createLogger, loadConfig } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { capturedLogger } from '../support/captured-log';
import { newUser, requestJson, type JsonResponse } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

/**
 * Crowds of sign-ins with the product's production settings (NODE_ENV=production's defaults: a 5 s bus timeout, the
 * hashing pool's bound at 60 % of it, the default pool and sign-in limits), not the test product's generous 15 s
 * bus: every answer is a 401, 422 or 429, never a 5xx. Clients come from many addresses through X-Forwarded-For,
 * trusted from loopback. On a machine where one argon2 hash takes longer than on a server (a loaded CI box took 3 s),
 * the bus timeout and the bound grow with it in the same ratio, so the test checks the settings' design, not the CPU.
 */
const production = loadConfig({ NODE_ENV: 'production' });

async function startProductionProduct(logger = createLogger('test', 'silent')): Promise<TestProduct> {
  // The crowd is about the product's own cost: a cheaper hash would never keep a sign-in waiting.
  configurePasswordHashCost(PASSWORD_HASH_COST);
  // Three hashes at once, as the crowd makes them beside another suite: one alone understates a loaded machine.
  const started = Date.now();
  await Promise.all(['one', 'two', 'three'].map((word) => hashPassword(`how fast is this machine ${word}`)));
  const busTimeoutMs = Math.max(production.BUS_REQUEST_TIMEOUT_MS, 8 * (Date.now() - started));
  const scale = busTimeoutMs / production.BUS_REQUEST_TIMEOUT_MS;
  return startTestProduct({
    logger,
    bus: new InProcessBus({ requestTimeoutMs: busTimeoutMs, logger }),
    passwordHashing: {
      threads: production.PASSWORD_HASH_THREADS,
      queue: production.PASSWORD_HASH_QUEUE,
      maxWaitMs: production.PASSWORD_HASH_MAX_WAIT_MS * scale,
    },
    passwordHashCost: PASSWORD_HASH_COST,
    signInLimits: signInLimitsOf(production),
    requestLimits: { perMinute: production.REQUESTS_PER_USER_PER_MINUTE, enabled: true },
    gateway: { production: true },
  });
}

let addresses = 0;
const newAddress = () => `198.51.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const login = (product: TestProduct, ip: string, email: string, password: string) =>
  requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

async function signedUpUser(product: TestProduct) {
  const body = newUser();
  const answer = await requestJson(product.baseUrl, 'POST', '/api/signup', {
    body,
    headers: { 'x-forwarded-for': newAddress() },
  });
  expect(answer.status).toBe(201);
  return { email: body.email, password: body.password };
}

function expectNoServerErrors(answers: JsonResponse[]) {
  const unexpected = answers
    .filter((answer) => ![401, 422, 429].includes(answer.status))
    .map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`);
  expect(unexpected).toEqual([]);
}

describe('a crowd of wrong sign-ins, production settings', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await startProductionProduct();
  });
  afterAll(() => product.stop());

  it('60 concurrent first guesses from 60 addresses: each answered 422 or 429, never a 5xx', async () => {
    const user = await signedUpUser(product);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        login(
          product,
          newAddress(),
          index % 2 ? user.email : `nobody${index}.${Date.now()}@example.com`,
          'a wrong guess',
        ),
      ),
    );
    expectNoServerErrors(answers);
    expect(answers.some((answer) => answer.status === 422)).toBe(true);
    for (const refused of answers.filter((answer) => answer.status === 429))
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('60 concurrent guessers: 0 × 5xx, and the real user signs in from a clean address during the flood', async () => {
    const user = await signedUpUser(product);
    // Six addresses that have guessed before, ten loops each: 60 wrong sign-ins in flight at any moment.
    const guessers = Array.from({ length: 6 }, newAddress);
    for (const ip of guessers) expect((await login(product, ip, user.email, 'first guess')).status).toBe(422);

    const answers: JsonResponse[] = [];
    let flooding = true;
    // Each loop sends its next guess as soon as the last is answered, until the real user has signed in.
    const loop = async (ip: string, index: number) => {
      for (let guess = 0; flooding; guess += 1) {
        const email = (index + guess) % 2 ? user.email : `nobody${index}.${guess}@example.com`;
        answers.push(await login(product, ip, email, `guess ${guess}`));
      }
    };
    const flood = guessers.flatMap((ip) => Array.from({ length: 10 }, (_, index) => loop(ip, index)));
    await waitFor(
      () => passwordHashingState().running > 0 && passwordHashingState().waiting > 0,
      'the guesses to hold the hashing pool and wait for it',
    );

    const signedIn = await login(product, newAddress(), user.email, user.password);
    const hashesWaitingAfter = passwordHashingState().waiting;
    flooding = false;
    await Promise.all(flood);

    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    // Still flooding when the real user was done: guesses were waiting for the pool.
    expect(hashesWaitingAfter).toBeGreaterThan(0);
    expectNoServerErrors(answers);
    // Guesses at the real account counted against it, yet the owner was not locked out.
    expect(answers.filter((answer) => answer.status === 422).length).toBeGreaterThan(0);
  });
});

describe('a limit store that answers slowly', () => {
  it('decides each check within its short timeouts (fails open, logged): no 503, a sign-in still works', async () => {
    const { logger, lines } = capturedLogger();
    const product = await startProductionProduct(logger);
    const locker = new Client({ connectionString: product.database.url });
    await locker.connect();
    try {
      const user = await signedUpUser(product);
      // Every counter query now waits on the lock; more checks than the store's pool has connections.
      await locker.query('begin');
      await locker.query('lock table "admin"."rate_limits" in access exclusive mode');
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => login(product, newAddress(), user.email, 'wrong')),
      );
      expectNoServerErrors(answers);
      expect(answers.some((answer) => answer.status === 422)).toBe(true);
      expect((await login(product, newAddress(), user.email, user.password)).status).toBe(200);
      const logged = lines.filter((line) => String(line.msg).startsWith('limit store unavailable'));
      expect(logged.map((line) => line.msg)).toContain(
        'limit store unavailable: login_fail_ip is not enforced (fails open) until it answers again',
      );
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await product.stop();
    }
  });
});

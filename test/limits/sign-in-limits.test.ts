import { newUser, requestJson } from '../support/http';
import { capturedLogger } from '../support/captured-log';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { runSql } from '../support/sql';

// Small limits so a test reaches them in a few requests; each test uses its own addresses (X-Forwarded-For, which
// the gateway trusts from loopback) and its own accounts, so the tests share no counter.
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({
    signInLimits: { failuresPerAccountPerHour: 3, failuresPerIpPerHour: 5, signupsPerIpPerHour: 2 },
  });
});
afterAll(() => product.stop());

let addresses = 0;
const newAddress = () => `203.0.113.${(addresses += 1)}`;

const signup = (ip: string, body = newUser()) =>
  requestJson(product.baseUrl, 'POST', '/api/signup', { body, headers: { 'x-forwarded-for': ip } });
const login = (ip: string, email: string, password: string) =>
  requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

async function account() {
  const body = newUser();
  expect((await signup(newAddress(), body)).status).toBe(201);
  return { email: body.email, password: body.password };
}

function expectRetryAfter(response: { headers: Headers; body: { retry_after?: number } }, max: number) {
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(max);
  expect(response.body.retry_after).toBe(retryAfter);
}

describe('failed sign-ins per account', () => {
  it('locks the account after the configured failures with a 429, Retry-After and a clear message', async () => {
    const { email, password } = await account();
    const guessers = [newAddress(), newAddress(), newAddress()];
    for (const ip of guessers) {
      const wrong = await login(ip, email, 'wrong password');
      expect(wrong.status).toBe(422);
    }
    // Locked even with the right password, for every address that has been guessing (at this account or another).
    const locked = await login(guessers[0]!, email, password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts for this account\. It is locked/);
    expectRetryAfter(locked, 3600);
    const guessedElsewhere = newAddress();
    expect((await login(guessedElsewhere, `nobody.${Date.now()}@example.com`, 'guess')).status).toBe(422);
    expect((await login(guessedElsewhere, email, password)).status).toBe(429);

    const overGraphql = await requestJson(product.baseUrl, 'POST', '/graphql', {
      headers: { 'x-forwarded-for': guessers[1]! },
      body: {
        query: 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }',
        variables: { input: { email, password } },
      },
    });
    expect(overGraphql.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(overGraphql.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(overGraphql.body.errors?.[0]?.message).toMatch(/locked/);
  });

  it('does not lock the owner out: the right password from an address that has not been guessing signs in', async () => {
    const { email, password } = await account();
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expect((await login(newAddress(), email, 'wrong password')).status).toBe(422);

    const owner = await login(newAddress(), email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    const { email, password } = await account();
    const ip = newAddress();
    for (let attempt = 1; attempt <= 2; attempt += 1)
      expect((await login(ip, email, 'nope')).status).toBe(422);
    expect((await login(ip, email, password)).status).toBe(200);
    for (let attempt = 1; attempt <= 2; attempt += 1)
      expect((await login(ip, email, 'nope')).status).toBe(422);
    expect((await login(ip, email, password)).status).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const locked = await account();
    const other = await account();
    const guesser = newAddress();
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(guesser, locked.email, 'nope');
    expect((await login(guesser, locked.email, locked.password)).status).toBe(429);
    expect((await login(newAddress(), other.email, other.password)).status).toBe(200);
  });

  it('never counts guesses at an unknown email against the account that later takes it', async () => {
    const body = newUser();
    const guesser = newAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await login(guesser, body.email, 'guess')).status).toBe(422);
    expect((await signup(newAddress(), body)).status).toBe(201);
    // The guessing address is not blocked (4 of its 5) and the new account has no failures, so it signs in.
    expect((await login(guesser, body.email, body.password)).status).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  it('blocks an address that fails across many accounts, and only that address', async () => {
    const target = await account();
    const ip = newAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(ip, `nobody${attempt}.${Date.now()}@example.com`, 'guess')).status).toBe(422);
    }
    const blocked = await login(ip, target.email, target.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts from your network\./);
    expectRetryAfter(blocked, 3600);
    expect((await login(newAddress(), target.email, target.password)).status).toBe(200);
  });
});

describe('sign-ups per address', () => {
  it('refuses sign-ups past the limit from one address, over REST and GraphQL', async () => {
    const ip = newAddress();
    expect((await signup(ip)).status).toBe(201);
    expect((await signup(ip)).status).toBe(201);
    const refused = await signup(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-ups from your network\. Please try again in/);
    expectRetryAfter(refused, 3600);

    const user = newUser();
    const overGraphql = await requestJson(product.baseUrl, 'POST', '/graphql', {
      headers: { 'x-forwarded-for': ip },
      body: {
        query: 'mutation($input: SignupInput!) { signup(input: $input) { accessToken } }',
        variables: {
          input: {
            firstName: user.first_name,
            lastName: user.last_name,
            email: user.email,
            mobile: user.mobile,
            password: user.password,
            passwordConfirmation: user.password_confirmation,
          },
        },
      },
    });
    expect(overGraphql.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    expect((await signup(newAddress())).status).toBe(201);
  });

  it('does not count a refused (422) sign-up', async () => {
    const ip = newAddress();
    const bad = await signup(ip, newUser({ email: 'not-an-email' }));
    expect(bad.status).toBe(422);
    expect((await signup(ip)).status).toBe(201);
    expect((await signup(ip)).status).toBe(201);
  });

  it('counts sign-ups refused because the email is taken, so they cannot tell which emails exist without limit', async () => {
    const taken = await account();
    const ip = newAddress();
    const answers = [];
    for (let attempt = 1; attempt <= 25; attempt += 1)
      answers.push(await signup(ip, newUser({ email: taken.email })));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(2).fill(422), ...Array(23).fill(429)]);
    for (const answer of answers.filter((each) => each.status === 422))
      expect(answer.body.errors.email).toEqual(['The email has already been taken.']);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many sign-ups from your network\. Please try again in/);
    expectRetryAfter(refused, 3600);
    // A new email from that address is refused too: the attempts were the address's.
    expect((await signup(ip)).status).toBe(429);
  });
});

describe('a limit store that is down', () => {
  it('lets sign-in through (fails open) and says so in the log', async () => {
    const { logger, lines } = capturedLogger();
    const own = await startTestProduct({ logger, signInLimits: { failuresPerAccountPerHour: 1 } });
    try {
      const body = newUser();
      await requestJson(own.baseUrl, 'POST', '/api/signup', { body });
      await runSql(own.database.url, 'drop table "admin"."rate_limits"');

      const wrong = await requestJson(own.baseUrl, 'POST', '/api/login', {
        body: { email: body.email, password: 'wrong' },
      });
      expect(wrong.status).toBe(422);
      const right = await requestJson(own.baseUrl, 'POST', '/api/login', {
        body: { email: body.email, password: body.password },
      });
      expect(right.status).toBe(200);
      const logged = lines.filter((line) => String(line.msg).startsWith('limit store unavailable'));
      expect(logged.map((line) => line.msg)).toContain(
        'limit store unavailable: login_fail_account is not enforced (fails open) until it answers again',
      );
      expect(logged.every((line) => line.level === 50)).toBe(true);
    } finally {
      await own.stop();
    }
  });
});

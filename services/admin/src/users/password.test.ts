import {
  PASSWORD_HASH_COST,
  configurePasswordHashCost,
  configurePasswordHashing,
  hashPassword,
  passwordHashingState,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  beforeAll(() => {
    // A loaded machine may take seconds per hash: the pool's bound on a sign-in's time is not under test here.
    configurePasswordHashing({ threads: 2, queue: 32, maxWaitMs: 120_000 });
  });

  it('hashes with argon2id and verifies the same password only', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword(hash, 'correct horse battery staple')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct horse battery stapl')).resolves.toBe(false);
  });

  it('salts each hash, so one password gives two different hashes that both verify', async () => {
    const [first, second] = [await hashPassword('same password'), await hashPassword('same password')];
    expect(first).not.toBe(second);
    await expect(verifyPassword(second, 'same password')).resolves.toBe(true);
  });

  it('verifies unicode passwords exactly', async () => {
    const hash = await hashPassword('pässwörd 🦊');
    await expect(verifyPassword(hash, 'pässwörd 🦊')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'passwörd 🦊')).resolves.toBe(false);
  });

  it('refuses an unknown email (no hash) and a malformed hash, without throwing', async () => {
    await expect(verifyPassword(null, 'anything')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
    expect(passwordHashingState()).toEqual({ running: 0, waiting: 0 });
  });

  describe('at a lowered cost (what the test product sets)', () => {
    afterEach(() => configurePasswordHashCost(PASSWORD_HASH_COST));

    it('writes the cost into new hashes, still verifies hashes made at the product cost, and goes back to it', async () => {
      const atProductCost = await hashPassword('made before');
      configurePasswordHashCost({ memoryKib: 1024, passes: 1, lanes: 1 });
      const cheap = await hashPassword('made after');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
      await expect(verifyPassword(cheap, 'made after')).resolves.toBe(true);
      await expect(verifyPassword(atProductCost, 'made before')).resolves.toBe(true);
      await expect(verifyPassword(null, 'made after')).resolves.toBe(false);

      configurePasswordHashCost(PASSWORD_HASH_COST);
      expect(await hashPassword('made last')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    });
  });
});

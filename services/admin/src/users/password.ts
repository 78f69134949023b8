import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { DEFAULT_HASHING_LIMITS, HashingPool, type HashPriority, type HashingLimits } from './hashing-pool';

/** One pool per process: argon2 shares libuv's thread pool with everything else the process does. */
const hashing = new HashingPool(DEFAULT_HASHING_LIMITS);

/** Sets how many hashes run at once, how many may wait and how long (PASSWORD_HASH_*). */
export function configurePasswordHashing(limits: HashingLimits): void {
  hashing.configure(limits);
}

/** Hashes being computed or waiting, for tests and benchmarks that watch the pool. */
export function passwordHashesInFlight(): number {
  return hashing.inFlight;
}

/** Hashes computed now and waiting for a place, as the gauges `password_hashes_running`/`_waiting` show them. */
export function passwordHashingState(): { running: number; waiting: number } {
  return hashing.state;
}

/**
 * Takes `places` places of the pool until the returned function is called, as that many slow hashes would: lets a
 * test or benchmark keep sign-ins queued for as long as it needs, without depending on how fast argon2 runs.
 */
export function holdPasswordHashing(places: number): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  for (let index = 0; index < places; index++)
    void hashing.run(() => released, 'normal', { hold: true }).catch(() => undefined);
  return release;
}

/** argon2id's cost: memory in KiB, passes over it, lanes. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
  lanes: number;
}

/** The library's recommended cost (64 MiB, 3 passes, 4 lanes): slow enough to resist guessing. What the product uses. */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 65_536, passes: 3, lanes: 4 };

/**
 * argon2id at PASSWORD_HASH_COST of a random password nobody kept, verified against when the email is unknown so
 * both paths take the same time. Written here rather than made at the first unknown email: making it took a whole
 * hash outside the pool, before that sign-in's time in the pool even began.
 */
const DECOY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$T2LKn5JJEZqaC+WIqxaCjA$Nf2KdnfwvIhmPn4oD7IC2Re3gX5zwNCAfvUVKoyULks';

let cost = PASSWORD_HASH_COST;
let decoyHash: Promise<string> = Promise.resolve(DECOY_HASH);

const argon2Options = ({ memoryKib, passes, lanes }: PasswordHashCost): argon2.HashOptions => ({
  type: argon2.argon2id,
  memoryCost: memoryKib,
  timeCost: passes,
  parallelism: lanes,
});

/**
 * Sets the cost of new hashes (hashes already stored keep theirs: argon2 writes its cost into each hash). Only tests
 * lower it, and no setting of the product's reaches it: a hash costs 0.4 s of CPU at the product's cost (measured on
 * two cores), and almost every test signs users up and in. The decoy is made again at the new cost, so an unknown email
 * still takes as long as a known one.
 */
export function configurePasswordHashCost(newCost: PasswordHashCost): void {
  if (sameCost(newCost, cost)) return;
  cost = newCost;
  decoyHash = sameCost(newCost, PASSWORD_HASH_COST)
    ? Promise.resolve(DECOY_HASH)
    : argon2.hash(randomBytes(24).toString('base64'), argon2Options(newCost));
  // A failed decoy fails only the sign-ins that verify against it (as `false`): never an unhandled rejection.
  decoyHash.catch(() => undefined);
}

const sameCost = (one: PasswordHashCost, other: PasswordHashCost) =>
  one.memoryKib === other.memoryKib && one.passes === other.passes && one.lanes === other.lanes;

/** argon2id at the configured cost (PASSWORD_HASH_COST unless a test lowered it). */
export function hashPassword(password: string): Promise<string> {
  const options = argon2Options(cost);
  return hashing.run(() => argon2.hash(password, options));
}

/**
 * `guessing`: the caller's address has failed sign-ins this hour, so this waits behind other hashes. `since`: when
 * the sign-in began, so its time before the hash counts against the pool's bound too.
 */
export async function verifyPassword(
  hash: string | null,
  password: string,
  { priority = 'normal', since }: { priority?: HashPriority; since?: number } = {},
): Promise<boolean> {
  const verified = await hashing.run(
    async () => {
      try {
        return await argon2.verify(hash ?? (await decoyHash), password);
      } catch {
        return false;
      }
    },
    priority,
    { since },
  );
  return hash !== null && verified;
}

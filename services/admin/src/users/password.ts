import argon2 from 'argon2';
import { DEFAULT_HASHING_LIMITS, HashingPool, type HashingLimits } from './hashing-pool';

/** One pool per process: argon2 shares libuv's thread pool with everything else the process does. */
const hashing = new HashingPool(DEFAULT_HASHING_LIMITS);

/** Sets how many hashes run at once and how many may wait (PASSWORD_HASH_THREADS, PASSWORD_HASH_QUEUE). */
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
  for (let index = 0; index < places; index++) void hashing.run(() => released).catch(() => undefined);
  return release;
}

/** argon2id with the library's recommended cost (64 MiB, 3 passes): slow enough to resist guessing. */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, { type: argon2.argon2id }));
}

/** A hash of a random password, verified against when the email is unknown so both paths take the same time. */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoyHash ??= argon2.hash(`decoy-${Math.random()}`, { type: argon2.argon2id });
    const decoy = await decoyHash;
    await hashing.run(() => argon2.verify(decoy, password));
    return false;
  }
  return hashing.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

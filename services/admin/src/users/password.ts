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

/** argon2id with the library's recommended cost (64 MiB, 3 passes): slow enough to resist guessing. */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, { type: argon2.argon2id }));
}

/**
 * argon2id (the library's cost, as `hashPassword` makes them) of a random password nobody kept, verified against
 * when the email is unknown so both paths take the same time. Written here rather than made at the first unknown
 * email: making it took a whole hash outside the pool, before that sign-in's time in the pool even began.
 */
const DECOY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$T2LKn5JJEZqaC+WIqxaCjA$Nf2KdnfwvIhmPn4oD7IC2Re3gX5zwNCAfvUVKoyULks';

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
        return await argon2.verify(hash ?? DECOY_HASH, password);
      } catch {
        return false;
      }
    },
    priority,
    { since },
  );
  return hash !== null && verified;
}

import argon2 from 'argon2';

/** argon2id with the library's recommended cost (64 MiB, 3 passes): slow enough to resist guessing. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** A hash of a random password, verified against when the email is unknown so both paths take the same time. */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

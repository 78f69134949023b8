import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded default needs no JWT_SECRET: one is generated at first start and kept (mode 0600) in the data
 * folder, so sessions survive a restart. JWT_SECRET, when set, always wins.
 */
export function embeddedJwtSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

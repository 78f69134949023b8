import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security-headers';

const serialized = Object.entries(CONTENT_SECURITY_POLICY)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

describe('the Content-Security-Policy', () => {
  it('is the same in the nginx that serves the static client (docker compose) as in the gateway', () => {
    const nginx = readFileSync(path.resolve(__dirname, '../../../deploy/nginx.conf'), 'utf8');
    const header = /add_header Content-Security-Policy "([^"]+)" always;/.exec(nginx);
    expect(header?.[1]).toBe(serialized);
    for (const name of [
      'X-Content-Type-Options "nosniff"',
      'X-Frame-Options "DENY"',
      'Referrer-Policy "no-referrer"',
    ])
      expect(nginx).toContain(`add_header ${name} always;`);
  });
});

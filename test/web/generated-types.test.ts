import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const CODEGEN = path.resolve(__dirname, '../../web/scripts/graphql-codegen.cjs');

// Run as its own node process: codegen's plugins load ES modules, which node requires but jest's loader does not.
const check = () =>
  promisify(execFile)(process.execPath, [CODEGEN, '--check']).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stderr?: string; message: string }) => ({ ok: false, output: error.stderr || error.message }),
  );

describe('web/src/generated/graphql.ts', () => {
  it('is what codegen makes of proto/schema.graphql and web/src/**/*.graphql (else run `npm run codegen`)', async () => {
    const result = await check();
    expect(result.output).toContain('is up to date');
    expect(result.ok).toBe(true);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@promptloom/shared/testing';
import { runningEmbeddedDatabaseUrl } from '../../apps/all-in-one/src/embedded-database';
import { postgresDataDir } from '../../apps/all-in-one/src/postgres-data-dir';
import { signUp } from '../ai/ai-users';
import { requestJson } from '../support/http';
import { startAllInOne } from '../support/all-in-one';
import { type RunningProcess } from '../support/processes';
import { runSql } from '../support/sql';

/** The JSON log lines a process printed (pino: `level` 50 is error, 40 warn, 20 debug). */
function logLines(running: RunningProcess): Array<Record<string, unknown>> {
  return running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Regression: `npm start` built its in-process bus without a logger, so a service's unexpected error answered 500
 * and left no trace anywhere. The all-in-one app, as `npm start` runs it, must log it once with the request's id.
 */
describe('npm start: a service error is logged once, with the request id', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptloom-error-log-'));
  const databaseDir = postgresDataDir(dataDir, os.userInfo().uid === 0);
  let running: RunningProcess;
  let baseUrl = '';

  beforeAll(async () => {
    ({ running, baseUrl } = await startAllInOne(dataDir));
  });

  afterAll(async () => {
    await running?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(databaseDir), { recursive: true, force: true });
  });

  it('an unexpected failure in the signature service: 500 to the client, one error line in the log', async () => {
    const user = await signUp(baseUrl);
    const databaseUrl = await runningEmbeddedDatabaseUrl(dataDir);
    expect(databaseUrl).not.toBeNull();
    // The service's table is gone from under it: not the caller's fault, a failure to look into.
    await runSql(databaseUrl!, 'alter table signature.signatures rename to signatures_moved_away');
    const requestId = `service-error-${Date.now()}`;
    try {
      const answer = await requestJson(baseUrl, 'GET', `/api/br/signature/get/${user.id}`, {
        token: user.token,
        headers: { 'x-request-id': requestId },
      });
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toContain('signatures');
    } finally {
      await runSql(databaseUrl!, 'alter table signature.signatures_moved_away rename to signatures');
    }
    const errorsOf = () =>
      logLines(running).filter((line) => line.requestId === requestId && Number(line.level) >= 50);
    await waitFor(() => errorsOf().length > 0, 'the error line');
    // The gateway's own line for the request (a warning) is written after the answer: once it is there, nothing
    // more about this request is coming.
    await waitFor(
      () => logLines(running).some((line) => line.requestId === requestId && line.msg === 'request failed'),
      "the gateway's request line",
    );
    expect(errorsOf()).toHaveLength(1);
    expect(errorsOf()[0]).toMatchObject({
      msg: 'Request handler failed',
      subject: expect.stringMatching(/signature/),
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aiProviderGaveUpMessage } from '@promptloom/proto';
import { waitFor } from '@promptloom/shared/testing';
import { postgresDataDir } from '../../apps/all-in-one/src/postgres-data-dir';
import { signUp } from '../ai/ai-users';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, requestJson } from '../support/http';
import { startAllInOne } from '../support/all-in-one';
import { type RunningProcess } from '../support/processes';
import { subscribe } from '../support/subscriptions';

/**
 * The all-in-one app reads the settings each part reads when it runs alone (here the AI worker's provider timeout),
 * and its /readyz covers every part.
 */
describe('npm start: the same settings and the same readiness as the separate processes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptloom-settings-'));
  const databaseDir = postgresDataDir(dataDir, os.userInfo().uid === 0);
  let fake: FakeOpenAiServer;
  let running: RunningProcess;
  let baseUrl = '';

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    // Answers far later than the configured timeout, well within the default one (30 s).
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist', delayMs: 3000 });
    ({ running, baseUrl } = await startAllInOne(dataDir, {
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: 'sk-all-in-one',
      OPENAI_BASE_URL: fake.baseUrl,
      AI_PROVIDER_TIMEOUT_MS: '300',
      // A provider that keeps timing out is retried until the job's deadline: a short one, so the job gives up.
      AI_JOB_RETRY_FOR_MS: '1500',
      AI_JOB_RETRY_MIN_DELAY_MS: '100',
    }));
  });

  afterAll(async () => {
    await running?.stop('SIGKILL');
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(databaseDir), { recursive: true, force: true });
  });

  it("applies the AI worker's AI_PROVIDER_TIMEOUT_MS and AI_JOB_RETRY_FOR_MS: a slow provider fails the job", async () => {
    const user = await signUp(baseUrl);
    const failures = await subscribe(
      baseUrl,
      'subscription { generationFailed { jobId message } }',
      user.token,
    );
    const before = fake.requests.length;
    const run = await graphql(
      baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
      user.token,
    );
    const jobId = run.body.data.runAgent.jobId;
    await waitFor(() => failures.received.length === 1, 'the failed job', 60_000);
    // Each attempt is the first call and the SDK's two retries, each given up after the configured timeout.
    const calls = fake.requests.length - before;
    expect(failures.received[0].generationFailed).toEqual({
      jobId,
      message: aiProviderGaveUpMessage('OpenAI-compatible server', calls),
    });
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls % 3).toBe(0);
    await failures.close();
  });

  it("reports each part in /readyz: every service's database, the object store, the bus and that it takes requests", async () => {
    const ready = await requestJson(baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: {
        'admin-database': 'ok',
        'ai-database': 'ok',
        'signature-database': 'ok',
        'object-store': 'ok',
        bus: 'ok',
        // Failing from SIGTERM on (SHUTDOWN_READY_DELAY_MS), so a balancer stops sending first.
        accepting: 'ok',
      },
    });
  });
});

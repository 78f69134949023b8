import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { capturedLogger } from '../support/captured-log';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { newUser, requestJson } from '../support/http';

/** A provider reply of 5 MB, or with invalid UTF-8, through a whole Run: cut, cleaned, and reported. */
let fake: FakeOpenAiServer;
let fixture: AdminFixture;
const log = capturedLogger('warn');

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  fixture = await startAdminFixture('root-hostile@example.com', {
    openAiBaseUrl: fake.baseUrl,
    logger: log.logger,
  });
}, 60_000);
afterAll(async () => {
  await fixture.product.stop();
  await fake.close();
});

async function runWithReply(chunks: Array<string | Buffer>) {
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  const user = { id: signup.body.user.id as number, token: signup.body.access_token as string };
  fake.reply({ content: '', chunks });
  const run = await requestJson(fixture.product.baseUrl, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
    token: user.token,
    body: { ai_model: 'gpt-4o', frequency: 5 },
  });
  expect(run.status).toBe(202);
  const jobId: string = run.body.job_id;
  const summary = await waitFor(async () => {
    const page = await fixture.asAdmin('GET', `/api/admin/ai-calls?job_id=${jobId}`);
    return page.body.data?.total === 1 ? page.body.data.data[0] : null;
  }, 'the recorded call');
  // Logged once the reply has ended, after every item it gave was stored.
  const warning = await waitFor(
    () => log.lines.find((line) => line.jobId === jobId && line.msg === 'provider reply altered'),
    'the warning',
  );
  const list = await requestJson(fixture.product.baseUrl, 'GET', `/api/ai/response/tr/get/${user.id}`, {
    token: user.token,
  });
  const stored: string[] = list.body.ai_response.map((item: { ai_response: string }) => item.ai_response);
  const detail = await fixture.asAdmin('GET', `/api/admin/ai-calls/${summary.id}`);
  return { stored, warning, call: detail.body.data };
}

describe('a hostile provider reply in a Run', () => {
  it('cuts a 5 MB reply at its limit, keeps the cleaned items, and reports it', async () => {
    const line = `${'x'.repeat(5_119)}\n`;
    const { stored, warning, call } = await runWithReply([
      'Gaffer\nGrip\n',
      ...Array.from({ length: 1_024 }, () => line),
    ]);
    expect(stored.sort()).toEqual(['Gaffer', 'Grip']);
    expect(warning).toMatchObject({ replyIssue: 'too_large' });
    // The admin's record of the call says it was cut, and holds at most its own 64 KB of the reply.
    expect(call).toMatchObject({ outcome: 'ok', cut: true });
    expect(call.reply.startsWith('Gaffer\nGrip\nxxx')).toBe(true);
    expect(call.reply.endsWith('[… cut: longer than 64 KB]')).toBe(true);
  });

  it('replaces invalid UTF-8, stores no broken item, and reports it', async () => {
    const { stored, warning } = await runWithReply([
      'Gaffer\n',
      Buffer.from([0x47, 0x72, 0xff, 0xfe, 0x69, 0x70]),
      '\nStylist\n',
    ]);
    expect(warning).toMatchObject({ replyIssue: 'invalid_utf8' });
    expect(stored).toEqual(expect.arrayContaining(['Gaffer', 'Stylist']));
    for (const name of stored) expect(name).toMatch(/^[\p{L}' ]+$/u);
  });
});

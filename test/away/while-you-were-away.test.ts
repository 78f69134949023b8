import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, newUser, requestJson } from '../support/http';

let fake: FakeOpenAiServer;
let fixture: AdminFixture;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  fixture = await startAdminFixture('root-away@example.com', { openAiBaseUrl: fake.baseUrl });
}, 60_000);
afterAll(async () => {
  await fixture.product.stop();
  await fake.close();
});

interface User {
  id: number;
  token: string;
  email: string;
}

async function freshUser(): Promise<User> {
  const body = newUser();
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body });
  return { id: signup.body.user.id, token: signup.body.access_token, email: body.email };
}

/** A new sign-in of the same user (another device): a new token. */
async function signInAgain(user: User): Promise<User> {
  const login = await requestJson(fixture.product.baseUrl, 'POST', '/api/login', {
    body: { email: user.email, password: 'correct horse battery' },
  });
  return { ...user, token: login.body.access_token };
}

const api = (user: User, method: string, path: string, body?: unknown) =>
  requestJson(fixture.product.baseUrl, method, path, { token: user.token, body });

const beginVisit = (user: User, start: 'sign_in' | 'resume') =>
  api(user, 'POST', '/api/visits/begin', { start });

/** Runs the user's Pro agent through the API and waits until the run has finished (its ledger row). */
async function finishedRun(user: User, items: string[]): Promise<void> {
  fake.reply({ content: items.join('\n') });
  const run = await api(user, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
    ai_model: 'gpt-4o',
    frequency: items.length,
  });
  expect(run.status).toBe(202);
  await waitFor(async () => {
    const rows = await fixture.product.ai.orm.em
      .fork()
      .execute('select 1 from "ai"."applied_jobs" where "job_id" = ?', [run.body.job_id]);
    return rows.length > 0;
  }, 'the run finished');
}

/** An admin edit of the user's first Pro item, once its audit entry is written (a durable consumer writes it). */
async function adminEditsProItem(user: User): Promise<void> {
  const list = await api(user, 'GET', `/api/ai/response/tr/get/${user.id}`);
  const item = list.body.ai_response[0];
  const edit = await fixture.asAdmin('PUT', `/api/admin/user/tr/update/${item.id}`, { status: 0 });
  expect(edit.status).toBe(200);
  await waitFor(async () => {
    const audit = await fixture.asAdmin('GET', `/api/admin/audit/list?entity=tr_record&entity_id=${item.id}`);
    return audit.body.data?.data?.length > 0;
  }, 'the admin edit audited');
}

async function savesSignature(user: User): Promise<void> {
  const saved = await api(user, 'POST', `/api/br/signature/store/${user.id}`, {
    user_id: user.id,
    username: 'Ada Lovelace',
    signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
    signatureElements: ['Light', 'Shadow'],
  });
  expect(saved.status).toBe(200);
}

describe('while you were away (issue 19)', () => {
  it('tells a returning user what changed in their own records since their last visit, with links', async () => {
    const ada = await freshUser();
    const bob = await freshUser();
    const first = await beginVisit(ada, 'sign_in');
    expect(first.body.data).toEqual({ since: null, until: null, dismissed: false, changes: [] });
    await beginVisit(bob, 'sign_in');

    // While Ada is away: her run finishes, she saves a signature elsewhere, an admin edits her record and account.
    await finishedRun(ada, ['Curator', 'Stylist', 'Editor']);
    await savesSignature(ada);
    await adminEditsProItem(ada);
    const account = await fixture.asAdmin('PUT', `/api/admin/user/update/${ada.id}`, {
      mobile: '+44 20 7946 0000',
    });
    expect(account.status).toBe(200);
    // And the same happens to Bob, which Ada must never be told.
    await finishedRun(bob, ['Gaffer', 'Grip']);
    await adminEditsProItem(bob);

    const back = await signInAgain(ada);
    const report = (await beginVisit(back, 'sign_in')).body.data;
    expect(report.since).not.toBeNull();
    expect(report.dismissed).toBe(false);
    const byKind = (kind: string) =>
      report.changes.filter((change: { kind: string }) => change.kind === kind);
    expect(byKind('run_finished')).toEqual([
      expect.objectContaining({ label: 'Pro run finished: 3 new items', link: '/pro/ProListingTR' }),
    ]);
    expect(byKind('signature_saved')).toEqual([
      expect.objectContaining({
        label: 'Signature saved: Aurora, Dusk, Ember, Frost, Glow, Haze',
        link: '/pro/SignatureListingBR',
      }),
    ]);
    const edits = byKind('admin_edit').map((change: { label: string; link: string }) => [
      change.label,
      change.link,
    ]);
    expect(edits).toEqual(
      expect.arrayContaining([
        ['An admin updated your account (mobile)', '/types/dashboard'],
        [expect.stringMatching(/^An admin updated your Pro item “\w+” \(status\)$/u), '/pro/ProListingTR'],
      ]),
    );
    expect(report.changes).toHaveLength(4);
    expect(JSON.stringify(report)).not.toMatch(/Gaffer|Grip|2 new items/u);
    // Newest first.
    const times = report.changes.map((change: { at: string }) => change.at);
    expect([...times].sort().reverse()).toEqual(times);

    // The same over GraphQL, without starting a visit.
    const query = await graphql(
      fixture.product.baseUrl,
      '{ whileYouWereAway { since until dismissed changes { kind label link at } } }',
      {},
      back.token,
    );
    expect(query.body.data.whileYouWereAway).toEqual(report);
  });

  it('keeps the notice until it is dismissed, then keeps it dismissed on another device too', async () => {
    const cleo = await freshUser();
    await beginVisit(cleo, 'sign_in');
    await savesSignature(cleo);
    const back = await signInAgain(cleo);
    expect((await beginVisit(back, 'sign_in')).body.data.changes).toHaveLength(1);
    // A reload (a resume within minutes) keeps the same window and its notice.
    expect((await beginVisit(back, 'resume')).body.data.changes).toHaveLength(1);

    const dismissed = await graphql(
      fixture.product.baseUrl,
      'mutation { dismissWhileYouWereAway { dismissed changes { kind } } }',
      {},
      back.token,
    );
    expect(dismissed.body.data.dismissWhileYouWereAway).toEqual({ dismissed: true, changes: [] });
    expect((await beginVisit(back, 'resume')).body.data).toMatchObject({ dismissed: true, changes: [] });
    expect((await api(cleo, 'GET', '/api/while-you-were-away')).body.data).toMatchObject({
      dismissed: true,
      changes: [],
    });
  });

  it('refuses a bad start and an anonymous caller', async () => {
    const dan = await freshUser();
    const bad = await beginVisit(dan, 'nap' as 'resume');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.start).toBeDefined();
    const anonymous = await requestJson(fixture.product.baseUrl, 'GET', '/api/while-you-were-away');
    expect(anonymous.status).toBe(401);
  });
});

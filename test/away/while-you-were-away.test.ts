import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, newUser, requestJson } from '../support/http';
import { subscribe } from '../support/subscriptions';

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

const beginVisit = (user: User, start: 'sign_in' | 'resume' | 'reconnect') =>
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

/** Saves the user's signature; answers its id. */
async function savesSignature(user: User): Promise<number> {
  const saved = await api(user, 'POST', `/api/br/signature/store/${user.id}`, {
    user_id: user.id,
    username: 'Ada Lovelace',
    signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
    signatureElements: ['Light', 'Shadow'],
  });
  expect(saved.status).toBe(200);
  return saved.body.data.id;
}

const dismiss = (user: User) => api(user, 'POST', '/api/while-you-were-away/dismiss');

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

  it("tells an admin's edit of the user's signature once, as the admin's edit", async () => {
    const eve = await freshUser();
    const signatureId = await savesSignature(eve);
    await beginVisit(eve, 'sign_in');
    // Away: an admin deactivates her signature, which also moves the signature's own "updated" time.
    const edit = await fixture.asAdmin('PUT', `/api/admin/user/br/update/${signatureId}`, { status: 0 });
    expect(edit.status).toBe(200);
    await waitFor(async () => {
      const audit = await fixture.asAdmin(
        'GET',
        `/api/admin/audit/list?entity=br_record&entity_id=${signatureId}`,
      );
      return audit.body.data?.data?.length > 0;
    }, 'the admin edit audited');

    const back = await signInAgain(eve);
    const { changes } = (await beginVisit(back, 'sign_in')).body.data;
    expect(changes).toEqual([
      {
        kind: 'admin_edit',
        label: expect.stringMatching(/^An admin updated your signature “Aurora, Dusk, .*” \(status\)$/u),
        link: '/pro/SignatureListingBR',
        at: expect.any(String),
      },
    ]);
  });

  it('opens a window at a reconnect after any time unseen, joined to the window still shown', async () => {
    const fay = await freshUser();
    const first = (await beginVisit(fay, 'sign_in')).body.data;
    expect(first.since).toBeNull();
    // Her socket is down (no heartbeat) while her signature is saved on another device.
    const signatureId = await savesSignature(fay);
    const back = (await beginVisit(fay, 'reconnect')).body.data;
    expect(back.changes.map((change: { kind: string }) => change.kind)).toEqual(['signature_saved']);
    // A heartbeat minutes later keeps the window and its notice.
    expect((await beginVisit(fay, 'resume')).body.data).toEqual(back);

    // Down again while an admin edits the signature: the window still shown goes on from where it began.
    const edit = await fixture.asAdmin('PUT', `/api/admin/user/br/update/${signatureId}`, { status: 0 });
    expect(edit.status).toBe(200);
    await waitFor(async () => {
      const audit = await fixture.asAdmin(
        'GET',
        `/api/admin/audit/list?entity=br_record&entity_id=${signatureId}`,
      );
      return audit.body.data?.data?.length > 0;
    }, 'the admin edit audited');
    const again = (await beginVisit(fay, 'reconnect')).body.data;
    expect(again.since).toBe(back.since);
    expect(again.until > back.until).toBe(true);
    // The save was overwritten by the admin's edit: the signature is told once, as that edit.
    expect(again.changes.map((change: { kind: string }) => change.kind)).toEqual(['admin_edit']);

    // Once dismissed, a reconnect opens a window of its own: nothing changed in it.
    await dismiss(fay);
    const fresh = (await beginVisit(fay, 'reconnect')).body.data;
    expect(fresh.since >= again.until).toBe(true);
    expect(fresh).toMatchObject({ dismissed: false, changes: [] });
  });

  it("tells each of the user's devices when their window opens or is dismissed, and nobody else", async () => {
    const gus = await freshUser();
    const stranger = await freshUser();
    await beginVisit(gus, 'sign_in');
    await beginVisit(stranger, 'sign_in');
    await savesSignature(gus);
    const CHANGED = `subscription { whileYouWereAwayChanged {
      sequence report { since until dismissed changes { kind } } } }`;
    const phone = await subscribe(fixture.product.baseUrl, CHANGED, gus.token);
    const theirs = await subscribe(fixture.product.baseUrl, CHANGED, stranger.token);

    const laptop = await signInAgain(gus);
    const opened = (await beginVisit(laptop, 'sign_in')).body.data;
    await waitFor(() => phone.received.length >= 1, 'the window opened, on the phone');
    expect(phone.received[0].whileYouWereAwayChanged.report).toEqual({
      since: opened.since,
      until: opened.until,
      dismissed: false,
      changes: [{ kind: 'signature_saved' }],
    });

    expect((await dismiss(laptop)).status).toBe(200);
    await waitFor(() => phone.received.length >= 2, 'the dismissal, on the phone');
    expect(phone.received[1].whileYouWereAwayChanged.report).toMatchObject({ dismissed: true, changes: [] });
    expect(phone.received[1].whileYouWereAwayChanged.sequence).toBeGreaterThan(
      phone.received[0].whileYouWereAwayChanged.sequence,
    );

    // A heartbeat tells nothing: the next dismissal is the next event the phone gets.
    await beginVisit(laptop, 'resume');
    await dismiss(laptop);
    await waitFor(() => phone.received.length >= 3, 'the second dismissal, on the phone');
    expect(phone.received).toHaveLength(3);

    // The stranger's own dismissal is the first and only event they get: none of Gus's reached them.
    await dismiss(stranger);
    await waitFor(() => theirs.received.length >= 1, "the stranger's own dismissal");
    expect(theirs.received).toHaveLength(1);
    expect(theirs.received[0].whileYouWereAwayChanged.report.dismissed).toBe(true);
    await Promise.all([phone.close(), theirs.close()]);
  });
});

import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  OPERATIONS,
  PACK_FORMAT,
  accessOf,
  aiOperations,
  isDomainError,
  signatureOperations,
  type OperationAccess,
  type RequestContext,
} from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { contextOf } from '../support/token-context';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

/**
 * Every operation of the registry, sent on the bus as each kind of caller, answered by the service that owns it: the
 * services' own checks, whatever a gateway did before. The expected answer comes from the operation's access rule
 * (declared with the operation, `defineOperation`); a new operation without a rule or a sample request here fails the test.
 */

type ActorName = 'anonymous' | 'owner' | 'other user' | 'admin' | 'deactivated user';
type Outcome = 'allowed' | 'UNAUTHENTICATED' | 'FORBIDDEN';

const ACTORS: ActorName[] = ['anonymous', 'other user', 'admin', 'deactivated user', 'owner'];

/** What each kind of caller gets, by the operation's rule. The deactivated user acts on their own records. */
const EXPECTED: Record<string, Record<ActorName, Outcome>> = {
  public: {
    anonymous: 'allowed',
    owner: 'allowed',
    'other user': 'allowed',
    admin: 'allowed',
    'deactivated user': 'allowed',
  },
  'signed-in': {
    anonymous: 'UNAUTHENTICATED',
    owner: 'allowed',
    'other user': 'allowed',
    admin: 'allowed',
    'deactivated user': 'UNAUTHENTICATED',
  },
  read: {
    anonymous: 'UNAUTHENTICATED',
    owner: 'allowed',
    'other user': 'FORBIDDEN',
    admin: 'allowed',
    'deactivated user': 'UNAUTHENTICATED',
  },
  // Something private to its owner (a prompt history): no admin read either.
  'read-private': {
    anonymous: 'UNAUTHENTICATED',
    owner: 'allowed',
    'other user': 'FORBIDDEN',
    admin: 'FORBIDDEN',
    'deactivated user': 'UNAUTHENTICATED',
  },
  write: {
    anonymous: 'UNAUTHENTICATED',
    owner: 'allowed',
    'other user': 'FORBIDDEN',
    admin: 'FORBIDDEN',
    'deactivated user': 'UNAUTHENTICATED',
  },
  admin: {
    anonymous: 'UNAUTHENTICATED',
    owner: 'FORBIDDEN',
    'other user': 'FORBIDDEN',
    admin: 'allowed',
    'deactivated user': 'FORBIDDEN',
  },
};

/** Where an operation's own rule says more than its access kind. */
const EXCEPTIONS: Record<string, Partial<Record<ActorName, Outcome>>> = {
  // Public, but a deactivated account cannot sign in (its own credentials are refused).
  'svc.admin.accounts.login': { 'deactivated user': 'FORBIDDEN' },
};

const ruleName = (access: OperationAccess): string => (access.kind === 'owned' ? access.access : access.kind);

/** Operations only the product's own parts call on the bus; no route or resolver leads to them. */
const INTERNAL = ['svc.admin.accounts.getUser', 'svc.admin.accounts.ensureAdmin', 'svc.admin.sessions.state'];

/** The records a request names: the owner's, or for the deactivated user their own. */
interface Target {
  userId: number;
  email: string;
  password: string;
  itemId: number;
  elementId: number;
  subElementId: number;
  imageKey: string;
}

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const MISSING = 999_999;
/** A window away for the "While you were away" samples (issue 19). */
const AWAY_SINCE = '2026-01-01T00:00:00.000Z';
const AWAY_UNTIL = '2026-01-02T00:00:00.000Z';

/** A valid request for each operation (validation runs before any check, so an invalid one would hide it). */
const SAMPLES: Record<string, (target: Target) => unknown> = {
  'svc.admin.accounts.signup': () => newUser(),
  'svc.admin.accounts.login': (t) => ({ email: t.email, password: t.password }),
  'svc.admin.sessions.logout': (t) => ({
    userId: t.userId,
    sessionId: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  }),
  'svc.admin.users.list': () => ({}),
  'svc.admin.users.create': () => ({
    name: 'New Person',
    email: newUser().email,
    mobile: '+1 555 0100',
    role_type: 'user',
    status: 'Active',
    password: 'password-1',
    password_confirmation: 'password-1',
  }),
  'svc.admin.users.update': () => ({ id: MISSING, name: 'A B' }),
  'svc.admin.users.delete': () => ({ id: MISSING }),
  'svc.admin.modules.list': () => ({}),
  'svc.admin.modules.create': () => ({ name: `Module ${randomUUID().slice(0, 8)}`, status: 'Active' }),
  'svc.admin.modules.update': () => ({ id: MISSING, name: 'M' }),
  'svc.admin.modules.delete': () => ({ id: MISSING }),
  'svc.admin.modes.list': () => ({}),
  'svc.admin.modes.create': () => ({ name: 'P', module_id: MISSING }),
  'svc.admin.modes.update': () => ({ id: MISSING, name: 'P', module_id: [MISSING] }),
  'svc.admin.modes.delete': () => ({ id: MISSING }),
  'svc.admin.modeTypes.list': () => ({}),
  'svc.admin.modeTypes.create': () => ({ top_left: 'L', top_right: 'R', mode_id: MISSING }),
  'svc.admin.modeTypes.update': () => ({ id: MISSING, top_left: 'L', top_right: 'R', mode_id: MISSING }),
  'svc.admin.modeTypes.delete': () => ({ id: MISSING }),
  'svc.admin.audit.list': () => ({}),
  'svc.admin.dashboard.figures': () => ({}),
  'svc.admin.deadLetters.list': () => ({}),
  'svc.admin.deadLetters.retry': () => ({ sequence: MISSING }),
  'svc.admin.visits.begin': (t) => ({ user_id: t.userId, start: 'resume' }),
  'svc.admin.visits.get': (t) => ({ user_id: t.userId }),
  'svc.admin.visits.dismiss': (t) => ({ user_id: t.userId }),
  'svc.admin.away.changes': (t) => ({ user_id: t.userId, since: AWAY_SINCE, until: AWAY_UNTIL }),
  'svc.ai.away.changes': (t) => ({ user_id: t.userId, since: AWAY_SINCE, until: AWAY_UNTIL }),
  'svc.signature.away.changes': (t) => ({ user_id: t.userId, since: AWAY_SINCE, until: AWAY_UNTIL }),
  'svc.ai.models': () => ({}),
  'svc.ai.chat': () => ({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] }),
  'svc.ai.chat.user': () => ({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] }),
  'svc.ai.quota.get': (t) => ({ user_id: t.userId }),
  'svc.ai.reasons.guidance': (t) => ({ user_id: t.userId, family: 'tr' }),
  'svc.ai.quota.set': (t) => ({ user_id: t.userId, daily_limit: 5 }),
  'svc.ai.calls.list': () => ({}),
  'svc.ai.calls.get': () => ({ id: MISSING }),
  'svc.ai.calls.export': () => ({}),
  'svc.ai.calls.usage': () => ({}),
  'svc.ai.lists.get': (t) => ({ family: 'tl', user_id: t.userId }),
  'svc.ai.lists.store': (t) => ({
    family: 'tl',
    user_id: t.userId,
    levels: 1,
    ai_model: 'gpt-4o',
    frequency: 1,
    ai_response: ['Extra'],
  }),
  'svc.ai.lists.newStore': (t) => ({ family: 'tl', user_id: t.userId, ai_response: ['Custom'] }),
  'svc.ai.lists.updateReason': (t) => ({ family: 'tl', id: t.itemId, ai_reason: 'because' }),
  'svc.ai.lists.setStatus': (t) => ({ family: 'tl', id: t.itemId, status: 1 }),
  'svc.ai.settings.previous': (t) => ({ family: 'tl', user_id: t.userId }),
  'svc.ai.subElements.get': (t) => ({ element_id: t.elementId }),
  'svc.ai.subElements.ofUser': (t) => ({ user_id: t.userId }),
  'svc.ai.subElements.store': (t) => ({ element_id: t.elementId, name: ['Ray'] }),
  'svc.ai.subElements.newStore': (t) => ({ element_id: t.elementId, name: ['Own'] }),
  'svc.ai.subElements.updateReason': (t) => ({ id: t.subElementId, reason: 'because' }),
  'svc.ai.generation.run': (t) => ({
    family: 'bl',
    user_id: t.userId,
    levels: 0,
    ai_model: 'gpt-4o',
    frequency: 2,
  }),
  'svc.ai.generation.subElements': (t) => ({ element_id: t.elementId, frequency: 2 }),
  'svc.ai.generation.cancel': (t) => ({ user_id: t.userId, job_id: 'job-not-running' }),
  'svc.ai.selection.get': (t) => ({ user_id: t.userId }),
  'svc.ai.selection.setItemActive': (t) => ({
    user_id: t.userId,
    family: 'tl',
    item_id: t.itemId,
    active: true,
  }),
  'svc.ai.selection.setSubElementChosen': (t) => ({
    user_id: t.userId,
    sub_element_id: t.subElementId,
    chosen: false,
  }),
  'svc.ai.selection.leaveElement': (t) => ({ user_id: t.userId, element_id: t.elementId }),
  'svc.ai.selection.import': (t) => ({
    user_id: t.userId,
    items: [{ family: 'tl', item_id: t.itemId }],
    custom: [{ family: 'bl', text: 'Imported' }],
  }),
  'svc.ai.selection.restore': (t) => ({ user_id: t.userId, types: ['Restored'] }),
  'svc.ai.records.list': () => ({ family: 'tr' }),
  'svc.ai.records.update': () => ({ family: 'tl', id: MISSING, status: 1 }),
  'svc.ai.records.delete': () => ({ family: 'bl', id: MISSING }),
  'svc.ai.records.counts': () => ({}),
  'svc.ai.records.regenerate': () => ({ family: 'tl', id: MISSING, model: 'gpt-4o' }),
  'svc.signature.records.list': () => ({}),
  'svc.signature.records.update': () => ({ id: MISSING, status: 1 }),
  'svc.signature.records.delete': () => ({ id: MISSING }),
  'svc.signature.records.counts': () => ({}),
  'svc.signature.signatures.store': (t) => ({
    userId: t.userId,
    user_id: t.userId,
    username: 'Ada',
    signature: SIX,
  }),
  'svc.signature.signatures.update': (t) => ({ userId: t.userId, signature: SIX }),
  'svc.signature.signatures.get': (t) => ({ userId: t.userId }),
  'svc.signature.signatures.remove': (t) => ({ userId: t.userId }),
  'svc.signature.signatures.swap': (t) => ({ userId: t.userId, reason: 'brighter' }),
  'svc.signature.signatures.brCodes': (t) => ({
    userId: t.userId,
    elementsByType: { Photography: ['Light'] },
  }),
  'svc.signature.stream.buildPrompt': () => ({ selection: { types: ['Photography'] } }),
  'svc.signature.stream.refine': () => ({ prompt: 'A cat on a roof' }),
  'svc.signature.stream.store': (t) => ({
    userId: t.userId,
    user_id: t.userId,
    signature: SIX.join(','),
    signatureElements: 'Light',
    Hyper_realistic: '1',
    '8k': '0',
    '4k': '0',
    finalprompt: 'A prompt --ar 16:9 --v 6 --q 2',
    upload: { key: `incoming/${t.userId}/${randomUUID()}` },
  }),
  'svc.signature.stream.list': (t) => ({ userId: t.userId }),
  'svc.signature.images.authorize': (t) => ({ key: t.imageKey }),
  'svc.signature.stream.settings.get': (t) => ({ userId: t.userId }),
  'svc.signature.stream.settings.update': (t) => ({ userId: t.userId, target: 'sdxl' }),
  'svc.signature.stream.check': () => ({ target: 'midjourney-6', prompt: 'A cat --ar 16:9' }),
  'svc.signature.stream.history.save': (t) => ({
    userId: t.userId,
    prompt: 'A cat on a roof',
    origin: 'copied',
    snapshot: { selection: { types: ['Photography'] }, toggles: {}, target: 'midjourney-6' },
  }),
  'svc.signature.stream.history.list': (t) => ({ userId: t.userId }),
  'svc.signature.stream.history.get': (t) => ({ userId: t.userId, id: MISSING }),
  'svc.ai.packs.contents': (t) => ({ user_id: t.userId, names: ['Light'] }),
  'svc.ai.packs.import': (t) => ({
    user_id: t.userId,
    pack: {
      format: PACK_FORMAT,
      version: 1,
      signature: { names: SIX, type: null },
      elements: [{ name: 'Light', reason: null, subElements: [{ name: 'Beam' }] }],
    },
  }),
  'svc.signature.packs.export': (t) => ({ userId: t.userId }),
  'svc.signature.packs.links.create': (t) => ({ userId: t.userId, expiresInDays: 1 }),
  'svc.signature.packs.links.list': (t) => ({ userId: t.userId }),
  'svc.signature.packs.links.revoke': (t) => ({ userId: t.userId, id: MISSING }),
  'svc.signature.packs.links.open': () => ({ token: 'A'.repeat(43) }),
  'svc.signature.packs.links.import': () => ({ token: 'A'.repeat(43) }),
};

let fixture: AdminFixture;
const contexts = {} as Record<ActorName, RequestContext>;
let owner: Target;
let deactivated: Target;

/** A user who signed up and owns a Types item, an element with a sub-element, a signature and a stored image. */
async function userWithRecords(): Promise<{ target: Target; context: RequestContext }> {
  const payload = newUser();
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: payload });
  const context = contextOf(signup.body.access_token);
  const userId: number = signup.body.user.id;
  const bus = fixture.product.bus;
  const store = (family: 'tl' | 'bl', text: string) =>
    call(
      bus,
      aiOperations.storeList,
      { family, user_id: userId, ai_model: 'gpt-4o', frequency: 1, ai_response: [text] },
      { context },
    );
  const item = (await store('tl', 'Photography')).ai_response[0]!;
  const element = (await store('bl', 'Light')).ai_response[0]!;
  const subElements = await call(
    bus,
    aiOperations.storeSubElements,
    { element_id: element.id, name: ['Beam'] },
    { context },
  );
  await call(
    bus,
    signatureOperations.store,
    { userId, user_id: userId, username: 'Ada', signature: SIX },
    { context },
  );
  const imageKey = `users/${userId}/images/${randomUUID()}.webp`;
  const database = new Client({ connectionString: fixture.product.database.url });
  await database.connect();
  await database.query(
    `insert into signature.stream_uploads (user_id, signature, signature_elements, hyper_realistic, eight_k, four_k,
       final_prompt, image_key, thumbnail_key, width, height, bytes)
     values ($1, 'A', 'B', false, false, false, 'p', $2, $3, 1, 1, 1)`,
    [userId, imageKey, imageKey.replace('.webp', '-thumb.webp')],
  );
  await database.end();
  const target: Target = {
    userId,
    email: payload.email,
    password: payload.password,
    itemId: item.id,
    elementId: element.id,
    subElementId: subElements.name[0]!.id,
    imageKey,
  };
  return { target, context };
}

beforeAll(async () => {
  fixture = await startAdminFixture('matrix.root@example.com');
  const ownerSeeded = await userWithRecords();
  const deactivatedSeeded = await userWithRecords();
  owner = ownerSeeded.target;
  deactivated = deactivatedSeeded.target;
  const other = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  contexts.anonymous = {};
  contexts.owner = ownerSeeded.context;
  contexts['other user'] = contextOf(other.body.access_token);
  contexts.admin = contextOf(fixture.adminToken);
  contexts['deactivated user'] = deactivatedSeeded.context;
  const update = await fixture.asAdmin('PUT', `/api/admin/user/update/${deactivated.userId}`, {
    status: 'Inactive',
  });
  expect(update.status).toBe(200);
  // The services hear of it through `evt.admin.session.ended` (or their cache expires).
  await waitFor(
    () =>
      call(fixture.product.bus, aiOperations.models, {}, { context: contexts['deactivated user'] }).then(
        () => false,
        (error: { code?: string }) => error.code === 'UNAUTHENTICATED',
      ),
    'the services to know the user is deactivated',
  );
}, 60_000);
afterAll(() => fixture.product.stop());

/** Codes the gateway answers with a 5xx (INTERNAL also stands for a handler that threw, SERVICE_UNAVAILABLE for a timeout). */
const FAILURES = new Set(['INTERNAL', 'SERVICE_UNAVAILABLE', 'BAD_GATEWAY']);

/**
 * A refusal by the access rule, or 'allowed' when the request got past it (answered, or refused for what it asked:
 * NOT_FOUND, CONFLICT, …). A crash, a 5xx or a timeout is never an outcome a cell may expect: it comes back as
 * itself, so the cell fails whatever it expected.
 */
async function outcomeOf(subject: string, request: unknown, context: RequestContext): Promise<string> {
  try {
    await fixture.product.bus.request(subject, request, { context, timeoutMs: 20_000 });
    return 'allowed';
  } catch (error) {
    if (!isDomainError(error) || FAILURES.has(error.code)) {
      return `failed: ${isDomainError(error) ? error.code : 'not a DomainError'}: ${(error as Error).message}`;
    }
    return error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN' ? error.code : 'allowed';
  }
}

const checked = OPERATIONS.filter((operation) => !INTERNAL.includes(operation.subject));

describe('every operation × anonymous, owner, other user, admin, deactivated user', () => {
  it('has an access rule and a sample request for every operation of the registry', () => {
    const missing = OPERATIONS.filter((operation) => !accessOf(operation.subject)).map((op) => op.subject);
    expect(missing).toEqual([]);
    const internal = OPERATIONS.filter((operation) => accessOf(operation.subject)?.kind === 'internal');
    expect(internal.map((operation) => operation.subject).sort()).toEqual([...INTERNAL].sort());
    expect(checked.filter((operation) => !SAMPLES[operation.subject]).map((op) => op.subject)).toEqual([]);
  });

  it.each(checked.map((operation) => [operation.subject, ruleName(accessOf(operation.subject)!)]))(
    '%s (%s)',
    async (subject, rule) => {
      const expected = { ...EXPECTED[rule]!, ...EXCEPTIONS[subject] };
      const seen = {} as Record<ActorName, string>;
      for (const actor of ACTORS) {
        const target = actor === 'deactivated user' ? deactivated : owner;
        seen[actor] = await outcomeOf(subject, SAMPLES[subject]!(target), contexts[actor]);
      }
      expect(seen).toEqual(expected);
    },
    60_000,
  );
});

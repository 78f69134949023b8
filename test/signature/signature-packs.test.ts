import { Client } from 'pg';
import { waitFor } from '@promptloom/shared/testing';
import { PACK_FORMAT, PACK_LINK_EXPIRED, PACK_LINK_NOT_FOUND, PACK_LINK_REVOKED } from '@promptloom/proto';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { capturedLogger } from '../support/captured-log';
import { SIX, deleteUserAndWaitForRows, signUp, type SignedIn } from './signature-helpers';

let product: TestProduct;
const log = capturedLogger();
beforeAll(async () => {
  product = await startTestProduct({ logger: log.logger });
});
afterAll(() => product.stop());

const api = (
  method: string,
  path: string,
  user: SignedIn | null,
  options: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
) => requestJson(product.baseUrl, method, path, { token: user?.token, ...options });

/** A user with Types 'Photography', the six elements (Aurora with a reason and two sub-elements) and the signature. */
async function owner(): Promise<SignedIn> {
  const user = await signUp(product.baseUrl);
  const store = (family: string, items: string[]) =>
    api('POST', `/api/ai/response/${family}/store/${user.userId}`, user, {
      body: { ai_model: 'gpt-4o', frequency: items.length, ai_response: items },
    });
  await store('tl', ['Photography']);
  const elements = await store('bl', SIX);
  const aurora = elements.body.ai_response.find(
    (item: { ai_response: string }) => item.ai_response === 'Aurora',
  );
  await api('POST', `/api/ai/response/bl/updateReason/${aurora.id}`, user, {
    body: { ai_reason: 'Cold light' },
  });
  const subs = await api('POST', `/api/ai/response/bltypes/store/${aurora.id}`, user, {
    body: { bl_name: 'Sky', name: ['Ribbon', 'Curtain'] },
  });
  const ribbon = subs.body.name.find((sub: { name: string }) => sub.name === 'Ribbon');
  await api('POST', `/api/ai/response/bltypes/updateReason/${ribbon.id}`, user, { body: { reason: 'Soft' } });
  const saved = await api('POST', `/api/br/signature/store/${user.userId}`, user, {
    body: {
      user_id: user.userId,
      username: 'Ada',
      signature: SIX,
      signatureElements: SIX,
      type: 'Photography',
    },
  });
  expect(saved.status).toBe(200);
  return user;
}

async function exported(user: SignedIn) {
  const response = await api('GET', '/api/signature/packs/export', user);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every key anywhere in a JSON value: a pack must carry none that names a person. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];
const OWNER_KEYS = ['id', 'user_id', 'userId', 'username', 'email', 'owner', 'name_of_owner'];

const names = (entries: Array<{ kind: string; name: string }>, kind: string) =>
  entries.filter((entry) => entry.kind === kind).map((entry) => entry.name);

describe('signature pack files over REST', () => {
  it('exports the saved signature with its type, elements, reasons and sub-elements, and nothing of the owner', async () => {
    const user = await owner();
    const response = await api('GET', '/api/signature/packs/export', user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      'signature-pack-CRPHO-Aur-Dus-Emb-Fro-Glo-Haz.json',
    );
    const pack = response.body;
    expect(pack).toMatchObject({
      format: PACK_FORMAT,
      version: 1,
      signature: { names: SIX, type: 'Photography', code: 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz' },
    });
    expect(pack.elements.map((element: { name: string }) => element.name)).toEqual(SIX);
    expect(pack.elements[0]).toEqual({
      name: 'Aurora',
      reason: 'Cold light',
      subElements: [
        { name: 'Ribbon', group: 'Sky', reason: 'Soft' },
        { name: 'Curtain', group: 'Sky', reason: null },
      ],
    });
    expect(keysOf(pack).filter((key) => OWNER_KEYS.includes(key))).toEqual([]);
    const text = JSON.stringify(pack);
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('@example.com');
  });

  it('answers 404 with a clear message when no signature is saved', async () => {
    const user = await signUp(product.baseUrl);
    const response = await api('GET', '/api/signature/packs/export', user);
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/Save a signature first/);
  });

  it('imports into the importer’s own lists, reports what it added and skipped, and a second import skips all', async () => {
    const pack = await exported(await owner());
    const importer = await signUp(product.baseUrl);
    // The importer has Dusk already, with a reason of their own that must stay.
    const own = await api('POST', `/api/ai/response/bl/store/${importer.userId}`, importer, {
      body: { ai_model: 'gpt-4o', frequency: 1, ai_response: ['Dusk'] },
    });
    const dusk = own.body.ai_response[0];
    await api('POST', `/api/ai/response/bl/updateReason/${dusk.id}`, importer, {
      body: { ai_reason: 'Mine' },
    });

    const first = await api('POST', '/api/signature/packs/import', importer, { body: pack });
    expect(first.status).toBe(200);
    const report = first.body.data;
    expect(names(report.added, 'type')).toEqual(['Photography']);
    expect(names(report.added, 'element')).toEqual(['Aurora', 'Ember', 'Frost', 'Glow', 'Haze']);
    expect(names(report.added, 'sub_element')).toEqual(['Ribbon', 'Curtain']);
    expect(report.skipped).toEqual([
      {
        kind: 'element',
        name: 'Dusk',
        element: null,
        reason: 'already_present',
        message: 'Already in your lists.',
      },
    ]);
    expect(first.body.message).toBe('Pack imported: 8 added, 1 skipped.');

    const list = await api('GET', `/api/ai/response/bl/get/${importer.userId}`, importer);
    const byName = new Map(
      list.body.ai_response.map((item: { ai_response: string }) => [item.ai_response, item]),
    );
    expect([...byName.keys()].sort()).toEqual([...SIX].sort());
    expect(byName.get('Dusk')).toMatchObject({ ai_reason: 'Mine', user_id: importer.userId });
    const aurora = byName.get('Aurora') as { id: number; ai_reason: string };
    expect(aurora.ai_reason).toBe('Cold light');
    const subs = await api('GET', `/api/ai/response/bltypes/get/${aurora.id}`, importer);
    expect(
      subs.body.name.map((sub: { name: string; bl_name: string; reason: string | null }) => [
        sub.name,
        sub.bl_name,
        sub.reason,
      ]),
    ).toEqual([
      ['Ribbon', 'Sky', 'Soft'],
      ['Curtain', 'Sky', null],
    ]);

    // Imported reasons steer the importer's next Run as reasons written by hand do.
    const run = await api('POST', `/api/ai/response/bl/generate/${importer.userId}`, importer, {
      body: { ai_model: 'gpt-4o', frequency: 1 },
    });
    expect(run.status).toBe(202);
    expect(run.body.reasons_used).toEqual(
      expect.arrayContaining([
        { item: 'Aurora', reason: 'Cold light' },
        { item: 'Dusk', reason: 'Mine' },
      ]),
    );

    const again = await api('POST', '/api/signature/packs/import', importer, { body: pack });
    expect(again.status).toBe(200);
    expect(again.body.data.added).toEqual([]);
    expect(again.body.data.skipped).toHaveLength(9);
    expect(
      again.body.data.skipped.every((entry: { reason: string }) => entry.reason === 'already_present'),
    ).toBe(true);
  });

  it('skips names the lists do not take as invalid and imports the rest', async () => {
    const pack = await exported(await owner());
    pack.elements[1].name = 'A name far longer than twenty-nine letters';
    const importer = await signUp(product.baseUrl);
    const response = await api('POST', '/api/signature/packs/import', importer, { body: pack });
    expect(response.status).toBe(200);
    expect(response.body.data.skipped).toEqual([
      expect.objectContaining({ kind: 'element', reason: 'invalid', name: pack.elements[1].name }),
    ]);
    expect(names(response.body.data.added, 'element')).toHaveLength(5);
  });

  it('refuses a wrong version, missing fields and duplicated names with field messages, importing nothing', async () => {
    const pack = await exported(await owner());
    const importer = await signUp(product.baseUrl);
    const post = (body: unknown) => api('POST', '/api/signature/packs/import', importer, { body });

    const newer = await post({ ...pack, version: 2 });
    expect(newer.status).toBe(422);
    // Another version is refused for that alone: its other fields would mean something else.
    expect(newer.body.errors).toEqual({
      version: ['Pack version 2 is not supported: this Promptloom reads version 1.'],
    });

    const notAPack = await post({ hello: 'world' });
    expect(notAPack.status).toBe(422);
    expect(notAPack.body.errors).toEqual({
      format: ['The format must be "promptloom.signature-pack": this file is not a signature pack.'],
      version: ['The version field is required.'],
    });

    const { elements, ...withoutElements } = pack;
    expect(elements).toHaveLength(6);
    const missing = await post({ ...withoutElements, signature: { names: ['Only'] } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors['signature.names']).toEqual(['A signature holds exactly 6 names.']);
    expect(missing.body.errors.elements).toBeDefined();

    const twice = await post({
      ...pack,
      elements: [...pack.elements, { ...pack.elements[0], name: 'aurora' }],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors['elements.6.name']).toEqual([
      'The element name "aurora" appears more than once.',
    ]);

    const notJson = await api('POST', '/api/signature/packs/import', importer, {
      rawBody: '{"format": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);

    const list = await api('GET', `/api/ai/response/bl/get/${importer.userId}`, importer);
    expect(list.body.ai_response).toEqual([]);
  });

  it('imports all or nothing: a write failing part-way leaves the lists as they were', async () => {
    const pack = await exported(await owner());
    pack.elements[5].subElements = [{ name: 'Boom', group: 'Test', reason: null }];
    const importer = await signUp(product.baseUrl);
    const database = new Client({ connectionString: product.database.url });
    await database.connect();
    // A fault in the last write of the import: the sub-element 'Boom' of the last element cannot be stored.
    await database.query(`create or replace function ai.refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'refused for the test'; end if; return new; end $$`);
    await database.query(`create trigger refuse_boom before insert on ai.sub_elements
      for each row execute function ai.refuse_boom()`);
    try {
      const response = await api('POST', '/api/signature/packs/import', importer, { body: pack });
      expect(response.status).toBeGreaterThanOrEqual(500);
    } finally {
      await database.query('drop trigger refuse_boom on ai.sub_elements');
      await database.end();
    }
    const types = await api('GET', `/api/ai/response/tl/get/${importer.userId}`, importer);
    const elements = await api('GET', `/api/ai/response/bl/get/${importer.userId}`, importer);
    expect(types.body.ai_response).toEqual([]);
    expect(elements.body.ai_response).toEqual([]);
  });

  it('adds each name once when the same pack is imported twice at the same time', async () => {
    const pack = await exported(await owner());
    const importer = await signUp(product.baseUrl);
    const both = await Promise.all(
      [1, 2].map(() => api('POST', '/api/signature/packs/import', importer, { body: pack })),
    );
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    const added = both.flatMap((response) => response.body.data.added);
    expect(added).toHaveLength(9);
    const elements = await api('GET', `/api/ai/response/bl/get/${importer.userId}`, importer);
    expect(elements.body.ai_response).toHaveLength(6);
  });

  it('refuses a 10 MB file at the edge with a size message, before reading it as JSON', async () => {
    const importer = await signUp(product.baseUrl);
    const huge = Buffer.alloc(10 * 1024 * 1024, 'x');
    const response = await api('POST', '/api/signature/packs/import', importer, {
      rawBody: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The pack file must not be greater than 512 KB.');
  });

  it('refuses an oversized file sent through GraphQL with the same message', async () => {
    const importer = await signUp(product.baseUrl);
    const file = JSON.stringify({ format: PACK_FORMAT, padding: 'x'.repeat(600 * 1024) });
    const response = await graphql(
      product.baseUrl,
      'mutation ($file: String!) { importSignaturePack(file: $file) { message } }',
      { file },
      importer.token,
    );
    expect(response.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { file: ['The pack file must not be greater than 512 KB.'] },
    });
  });
});

describe('signature pack share links', () => {
  const createLink = (user: SignedIn, body: unknown = {}) =>
    api('POST', '/api/signature/packs/links', user, { body });

  it('makes a link (7 days by default) that another user opens, seeing only the pack, and imports', async () => {
    const ownerUser = await owner();
    const created = await createLink(ownerUser);
    expect(created.status).toBe(201);
    const { token, link } = created.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ code: 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz', state: 'active', revokedAt: null });
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    // Only a hash of the token is stored.
    const database = new Client({ connectionString: product.database.url });
    await database.connect();
    const stored = await database.query('select token_hash from signature.pack_links where id = $1', [
      link.id,
    ]);
    await database.end();
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(stored.rows[0].token_hash).toHaveLength(64);

    const reader = await signUp(product.baseUrl);
    const opened = await api('GET', `/api/signature/packs/shared/${token}`, reader);
    expect(opened.status).toBe(200);
    expect(opened.body.data.pack.signature.names).toEqual(SIX);
    expect(Object.keys(opened.body.data).sort()).toEqual(['expiresAt', 'pack']);
    expect(keysOf(opened.body).filter((key) => OWNER_KEYS.includes(key))).toEqual([]);
    expect(JSON.stringify(opened.body)).not.toContain('Ada');

    const imported = await api('POST', `/api/signature/packs/shared/${token}/import`, reader);
    expect(imported.status).toBe(200);
    expect(names(imported.body.data.added, 'element')).toEqual(SIX);
    const readerList = await api('GET', `/api/ai/response/bl/get/${reader.userId}`, reader);
    expect(
      readerList.body.ai_response.every((item: { user_id: number }) => item.user_id === reader.userId),
    ).toBe(true);
    const again = await api('POST', `/api/signature/packs/shared/${token}/import`, reader);
    expect(again.body.data.added).toEqual([]);

    const anonymous = await api('GET', `/api/signature/packs/shared/${token}`, null);
    expect(anonymous.status).toBe(401);

    // Whoever reads the logs must not be able to open the pack: the request lines name the route, not the token.
    await waitFor(
      () => log.lines.some((line) => line.path === '/api/signature/packs/shared/:token/import'),
      'the import request logged',
    );
    expect(JSON.stringify(log.lines)).not.toContain(token);
  });

  it('takes an expiry of 1, 7 or 30 days and refuses another', async () => {
    const user = await owner();
    const day = await createLink(user, { expiresInDays: 1 });
    expect(day.status).toBe(201);
    expect(Date.parse(day.body.data.link.expiresAt) - Date.parse(day.body.data.link.createdAt)).toBe(
      86_400_000,
    );
    const odd = await createLink(user, { expiresInDays: 3 });
    expect(odd.status).toBe(422);
    expect(odd.body.errors.expiresInDays).toEqual(['The expiry must be one of 1, 7, 30 days.']);
  });

  it('holds at most 20 active links per user: one more is refused until one is revoked', async () => {
    const user = await owner();
    const made = await Promise.all(Array.from({ length: 20 }, () => createLink(user)));
    expect(made.map((response) => response.status)).toEqual(Array(20).fill(201));
    const oneMore = await createLink(user);
    expect(oneMore.status).toBe(409);
    expect(oneMore.body.message).toBe('You have 20 active share links: revoke one before making another.');
    await api('DELETE', `/api/signature/packs/links/${made[0]!.body.data.link.id}`, user);
    expect((await createLink(user)).status).toBe(201);
  });

  it('lets only the owner revoke; a revoked link answers 410 and its owner sees it revoked', async () => {
    const ownerUser = await owner();
    const { token, link } = (await createLink(ownerUser)).body.data;
    const other = await signUp(product.baseUrl);

    const stranger = await api('POST', `/api/signature/packs/links/${link.id}/revoke`, other);
    expect(stranger.status).toBe(404);
    expect((await api('GET', `/api/signature/packs/shared/${token}`, other)).status).toBe(200);

    const revoked = await api('DELETE', `/api/signature/packs/links/${link.id}`, ownerUser);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: link.id, state: 'revoked' });

    const opened = await api('GET', `/api/signature/packs/shared/${token}`, other);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(PACK_LINK_REVOKED);
    const imported = await api('POST', `/api/signature/packs/shared/${token}/import`, other);
    expect(imported.status).toBe(410);
    expect((await api('GET', `/api/ai/response/bl/get/${other.userId}`, other)).body.ai_response).toEqual([]);

    const links = await api('GET', '/api/signature/packs/links', ownerUser);
    expect(links.body.data).toEqual([expect.objectContaining({ id: link.id, state: 'revoked' })]);
    expect((await api('GET', '/api/signature/packs/links', other)).body.data).toEqual([]);
  });

  it('answers 410 for an expired link', async () => {
    const ownerUser = await owner();
    const { token, link } = (await createLink(ownerUser)).body.data;
    const database = new Client({ connectionString: product.database.url });
    await database.connect();
    await database.query(
      `update signature.pack_links set expires_at = now() - interval '1 minute' where id = $1`,
      [link.id],
    );
    await database.end();
    const reader = await signUp(product.baseUrl);
    const opened = await api('GET', `/api/signature/packs/shared/${token}`, reader);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(PACK_LINK_EXPIRED);
    const links = await api('GET', '/api/signature/packs/links', ownerUser);
    expect(links.body.data[0]).toMatchObject({ id: link.id, state: 'expired' });
  });

  it("goes with its owner: a deleted user's links stop answering, nobody else's", async () => {
    const leaving = await owner();
    const staying = await owner();
    const gone = (await createLink(leaving)).body.data.token;
    const kept = (await createLink(staying)).body.data.token;
    await deleteUserAndWaitForRows(product, leaving.userId, 'pack_links');
    const reader = await signUp(product.baseUrl);
    expect((await api('GET', `/api/signature/packs/shared/${gone}`, reader)).status).toBe(404);
    expect((await api('GET', `/api/signature/packs/shared/${kept}`, reader)).status).toBe(200);
  });

  it('answers the same 404 for an unknown token and for a token of another shape', async () => {
    const reader = await signUp(product.baseUrl);
    for (const token of ['A'.repeat(43), 'short', 'not a token at all', 'x'.repeat(300)]) {
      const opened = await api('GET', `/api/signature/packs/shared/${encodeURIComponent(token)}`, reader);
      expect({ token, status: opened.status, body: opened.body }).toEqual({
        token,
        status: 404,
        body: { message: PACK_LINK_NOT_FOUND },
      });
    }
  });

  it('works the same through GraphQL', async () => {
    const ownerUser = await owner();
    const created = await graphql(
      product.baseUrl,
      'mutation { createSignaturePackLink(expiresInDays: 30) { token link { id state code } } }',
      {},
      ownerUser.token,
    );
    const { token, link } = created.body.data.createSignaturePackLink;
    expect(link).toMatchObject({ state: 'active', code: 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz' });
    const reader = await signUp(product.baseUrl);
    const shared = await graphql(
      product.baseUrl,
      'query ($token: String!) { sharedSignaturePack(token: $token) { expiresAt pack { signature { names } elements { name reason subElements { name } } } } }',
      { token },
      reader.token,
    );
    expect(shared.body.data.sharedSignaturePack.pack.elements[0]).toEqual({
      name: 'Aurora',
      reason: 'Cold light',
      subElements: [{ name: 'Ribbon' }, { name: 'Curtain' }],
    });
    const exportedFile = await graphql(
      product.baseUrl,
      '{ mySignaturePack { filename content } }',
      {},
      ownerUser.token,
    );
    const imported = await graphql(
      product.baseUrl,
      'mutation ($file: String!) { importSignaturePack(file: $file) { message added { kind name } skipped { name reason } } }',
      { file: exportedFile.body.data.mySignaturePack.content },
      reader.token,
    );
    expect(imported.body.data.importSignaturePack.message).toBe('Pack imported: 9 added, 0 skipped.');
    const notJson = await graphql(
      product.baseUrl,
      'mutation { importSignaturePack(file: "{oops") { message } }',
      {},
      reader.token,
    );
    expect(notJson.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { file: ['The file is not valid JSON.'] },
    });
    const stranger = await graphql(
      product.baseUrl,
      'mutation ($id: Int!) { revokeSignaturePackLink(id: $id) { state } }',
      { id: link.id },
      reader.token,
    );
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

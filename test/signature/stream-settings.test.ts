import { waitFor } from '@promptloom/shared/testing';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { subscribe } from '../support/subscriptions';
import { deleteUserAndWaitForRows, signUp } from './signature-helpers';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const SETTINGS_FIELDS = 'target version marks { name weight avoid }';
const UPDATE = `mutation ($input: StreamSettingsInput!) { updateStreamSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const CHANGED = `subscription { streamSettingsChanged { sequence settings { ${SETTINGS_FIELDS} } } }`;

const get = (token: string) => requestJson(product.baseUrl, 'GET', '/api/stream/settings', { token });
const post = (token: string, body: unknown) =>
  requestJson(product.baseUrl, 'POST', '/api/stream/settings', { token, body });
const check = (token: string, body: unknown) =>
  requestJson(product.baseUrl, 'POST', '/api/stream/check', { token, body });

describe('Stream settings over REST', () => {
  it('starts at Midjourney v6 without marks, then keeps the target and merges the marks', async () => {
    const user = await signUp(product.baseUrl);
    const fresh = await get(user.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({
      userId: user.userId,
      target: 'midjourney-6',
      marks: [],
      parameters: [],
      version: 0,
      updatedAt: null,
    });

    const changed = await post(user.token, {
      target: 'sdxl',
      marks: [
        { name: 'Light', weight: 2, avoid: false },
        { name: 'Fog', weight: 0, avoid: true },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ target: 'sdxl', version: 1 });

    // 'light' is the same item as 'Light'; weight 0 without avoid removes Fog's mark.
    await post(user.token, {
      marks: [
        { name: 'light', weight: -1, avoid: false },
        { name: 'Fog', weight: 0, avoid: false },
      ],
    });
    const stored = await get(user.token);
    expect(stored.body.data).toMatchObject({
      target: 'sdxl',
      version: 2,
      marks: [{ name: 'light', weight: -1, avoid: false }],
    });

    const rows = await product.signature.orm.em
      .getConnection()
      .execute('select target from signature.stream_settings where user_id = ?', [user.userId]);
    expect(rows).toEqual([{ target: 'sdxl' }]);
  });

  it('keeps Midjourney parameters until they are replaced or cleared, and refuses one it cannot keep', async () => {
    const user = await signUp(product.baseUrl);
    const parameters = [
      { flag: '--ar', value: '3:2' },
      { flag: '--stylize', value: '250' },
    ];
    expect((await post(user.token, { parameters })).body.data.parameters).toEqual(parameters);
    // A change without parameters leaves them as they are.
    await post(user.token, { target: 'midjourney-7' });
    expect((await get(user.token)).body.data).toMatchObject({ target: 'midjourney-7', parameters });

    const unknown = await post(user.token, { parameters: [{ flag: '--v', value: '5' }] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['parameters.0.flag']);
    const smuggled = await post(user.token, { parameters: [{ flag: '--ar', value: '1:1 --no x' }] });
    expect(Object.keys(smuggled.body.errors)).toEqual(['parameters.0.value']);
    expect((await get(user.token)).body.data.parameters).toEqual(parameters);

    expect((await post(user.token, { parameters: [] })).body.data.parameters).toEqual([]);
  });

  it('answers 422 naming the field for an unknown target, a weight out of range and a 100 KB prompt', async () => {
    const user = await signUp(product.baseUrl);
    const target = await post(user.token, { target: 'midjourney-99' });
    expect(target.status).toBe(422);
    expect(Object.keys(target.body.errors)).toEqual(['target']);
    expect(target.body.errors.target[0]).toContain('midjourney-6');

    const weight = await post(user.token, { marks: [{ name: 'Light', weight: 3, avoid: false }] });
    expect(weight.status).toBe(422);
    expect(weight.body.errors).toEqual({
      'marks.0.weight': ['The weight must be a whole number from -2 to 2.'],
    });

    const long = await check(user.token, { target: 'midjourney-6', prompt: 'a'.repeat(100 * 1024) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ prompt: ['The prompt is too long: at most 32,000 characters.'] });

    expect((await get(user.token)).body.data.version).toBe(0);
  });

  it('checks a prompt against the chosen target and counts SD tokens', async () => {
    const user = await signUp(product.baseUrl);
    const mj = await check(user.token, { target: 'midjourney-6', prompt: 'A calm lake --stylize 2000' });
    expect(mj.status).toBe(200);
    expect(mj.body.data.tokens).toBeNull();
    const [problem] = mj.body.data.problems;
    expect(problem).toMatchObject({ field: 'prompt' });
    expect(problem.message).toContain('1000');
    expect(problem.fix).not.toBeNull();

    const sd = await check(user.token, {
      target: 'sdxl',
      prompt: 'a calm lake, (mist:1.2)',
      negativePrompt: 'blurry',
    });
    expect(sd.status).toBe(200);
    expect(sd.body.data.tokens).toMatchObject({ limit: 75, window: 77, cutAt: null });
    expect(sd.body.data.tokens.count).toBeGreaterThan(3);
    expect(sd.body.data.negativeTokens.count).toBeGreaterThan(0);
  });

  it("counts Flux with T5's window (estimated) and CLIP's for the pooled text, and no negative prompt", async () => {
    const user = await signUp(product.baseUrl);
    const flux = await check(user.token, {
      target: 'flux-schnell',
      prompt: '(castle:1.2), fog',
      negativePrompt: 'x',
    });
    expect(flux.status).toBe(200);
    expect(flux.body.data.tokens).toMatchObject({ encoder: 'T5', limit: 255, window: 256, estimated: true });
    expect(flux.body.data.pooledTokens).toEqual({
      encoder: 'CLIP',
      count: 3,
      limit: 75,
      window: 77,
      cutAt: null,
      estimated: false,
    });
    expect(flux.body.data.negativeTokens).toBeNull();
  });

  it('reads the target ids of earlier versions, sent or stored, as the targets that replaced them', async () => {
    const user = await signUp(product.baseUrl);
    expect((await post(user.token, { target: 'natural' })).body.data.target).toBe('dall-e-3');
    await product.signature.orm.em
      .getConnection()
      .execute(`update signature.stream_settings set target = 'flux' where user_id = ?`, [user.userId]);
    expect((await get(user.token)).body.data.target).toBe('flux-dev');
  });

  it("goes with its user: a deleted user's settings are removed, nobody else's", async () => {
    const leaving = await signUp(product.baseUrl);
    const staying = await signUp(product.baseUrl);
    await post(leaving.token, { target: 'flux-schnell' });
    await post(staying.token, { target: 'flux-schnell' });
    await deleteUserAndWaitForRows(product, leaving.userId, 'stream_settings');
    expect((await get(staying.token)).body.data.target).toBe('flux-schnell');
  });

  it('needs a signed-in caller', async () => {
    expect((await requestJson(product.baseUrl, 'GET', '/api/stream/settings')).status).toBe(401);
    const refused = await requestJson(product.baseUrl, 'POST', '/api/stream/check', {
      body: { target: 'sdxl', prompt: 'x' },
    });
    expect(refused.status).toBe(401);
  });
});

describe('Stream settings over GraphQL', () => {
  it('refuses an unknown target and a 100 KB prompt with BAD_USER_INPUT naming the field', async () => {
    const user = await signUp(product.baseUrl);
    const target = await graphql(product.baseUrl, UPDATE, { input: { target: 'dalle-9' } }, user.token);
    expect(target.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(Object.keys(target.body.errors![0]!.extensions!.fields)).toEqual(['target']);

    const weight = await graphql(
      product.baseUrl,
      UPDATE,
      { input: { marks: [{ name: 'Light', weight: -3 }] } },
      user.token,
    );
    expect(weight.body.errors![0]!.extensions!.fields).toEqual({
      'marks.0.weight': ['The weight must be a whole number from -2 to 2.'],
    });

    const long = await graphql(
      product.baseUrl,
      'query ($prompt: String!) { checkPrompt(target: "sdxl", prompt: $prompt) { problems { message } } }',
      { prompt: 'a'.repeat(100 * 1024) },
      user.token,
    );
    expect(long.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { prompt: ['The prompt is too long: at most 32,000 characters.'] },
    });
  });

  it('refuses Refine for an unknown target with BAD_USER_INPUT on target', async () => {
    const user = await signUp(product.baseUrl);
    const refused = await graphql(
      product.baseUrl,
      'mutation { refinePrompt(prompt: "A calm lake", target: "midjourney-99") { refined } }',
      {},
      user.token,
    );
    expect(refused.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(Object.keys(refused.body.errors![0]!.extensions!.fields)).toEqual(['target']);
  });

  it("delivers a change to the owner's other devices only, and user B never reads or changes A's settings", async () => {
    const owner = await signUp(product.baseUrl);
    const stranger = await signUp(product.baseUrl);
    const otherDevice = await subscribe(product.baseUrl, CHANGED, owner.token);
    const strangerLive = await subscribe(product.baseUrl, CHANGED, stranger.token);

    const changed = await graphql(
      product.baseUrl,
      UPDATE,
      { input: { target: 'flux-dev', marks: [{ name: 'Shadow', weight: 1, avoid: true }] } },
      owner.token,
    );
    expect(changed.body.errors).toBeUndefined();
    await waitFor(() => otherDevice.received.length >= 1, "the owner's other device hears of the change");
    expect(otherDevice.received[0]!.streamSettingsChanged.settings).toEqual({
      target: 'flux-dev',
      version: 1,
      marks: [{ name: 'Shadow', weight: 1, avoid: true }],
    });

    // B's own change reaches B after A's (events arrive in order): had A's reached B, it would be first.
    await graphql(product.baseUrl, UPDATE, { input: { target: 'gpt-image-1' } }, stranger.token);
    await waitFor(() => strangerLive.received.length >= 1, "B's own change");
    expect(strangerLive.received.map((event) => event.streamSettingsChanged.settings.target)).toEqual([
      'gpt-image-1',
    ]);

    const mine = await graphql(
      product.baseUrl,
      `{ myStreamSettings { ${SETTINGS_FIELDS} } }`,
      {},
      owner.token,
    );
    expect(mine.body.data.myStreamSettings.target).toBe('flux-dev');
    const theirs = await get(stranger.token);
    expect(theirs.body.data).toMatchObject({ userId: stranger.userId, target: 'gpt-image-1', marks: [] });
    // A body naming another user changes nothing of theirs: the settings are always the caller's own.
    await post(stranger.token, { userId: owner.userId, target: 'sdxl' });
    expect((await get(owner.token)).body.data.target).toBe('flux-dev');

    await Promise.all([otherDevice.close(), strangerLive.close()]);
  });

  it('catches up a device that reconnects with the last sequence it saw', async () => {
    const user = await signUp(product.baseUrl);
    const live = await subscribe(product.baseUrl, CHANGED, user.token);
    await graphql(product.baseUrl, UPDATE, { input: { target: 'midjourney-7' } }, user.token);
    await waitFor(() => live.received.length >= 1, 'the first change');
    const seen: number = live.received[0]!.streamSettingsChanged.sequence;
    await live.close();

    await graphql(product.baseUrl, UPDATE, { input: { target: 'niji-6' } }, user.token);
    const resumed = await subscribe(
      product.baseUrl,
      `subscription { streamSettingsChanged(afterSequence: ${seen}) { sequence settings { target } } }`,
      user.token,
    );
    await waitFor(() => resumed.received.length >= 1, 'the missed change');
    expect(resumed.received[0]!.streamSettingsChanged.settings.target).toBe('niji-6');
    await resumed.close();
  });
});

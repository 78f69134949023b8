import { randomBytes } from 'node:crypto';
import { photoJpeg } from '@promptloom/signature-stream/testing';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startDistributedProduct, type DistributedProduct } from '../support/distributed-product';
import { graphql, newUser, requestJson } from '../support/http';
import { startPrivateNats, type PrivateNats } from '../support/private-nats';
import { subscribe } from '../support/subscriptions';
import { postForm, streamForm, SIX } from '../signature/signature-helpers';

/**
 * The distributed shape end to end: the gateway, admin, signature-stream and two ai-workers as separate Node
 * processes on NATS JetStream, PostgreSQL and an S3 endpoint. A user's journey over HTTP and WebSocket, then what
 * operations need from it: request ids in every service's logs, /metrics on every process.
 */
describe('a user journey across the distributed processes', () => {
  const namespace = `journey-${randomBytes(4).toString('hex')}`;
  let nats: PrivateNats;
  let database: TestDatabase;
  let product: DistributedProduct;
  let user: { id: number; token: string };
  const journeyRequestIds: string[] = [];

  beforeAll(async () => {
    nats = await startPrivateNats();
    database = await createTestDatabase();
    product = await startDistributedProduct({
      natsUrl: nats.url,
      databaseUrl: database.url,
      namespace,
      logLevel: 'debug',
    });
  });

  afterAll(async () => {
    await product?.stop();
    await database?.drop();
    await nats?.stop();
  });

  const track = <T extends { headers: Headers }>(response: T): T => {
    const id = response.headers.get('x-request-id');
    if (id) journeyRequestIds.push(id);
    return response;
  };

  it('signs up, generates a list and receives it by subscription (two workers share the queue)', async () => {
    const signup = track(await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() }));
    expect(signup.status).toBe(201);
    user = { id: signup.body.user.id, token: signup.body.access_token };

    const live = await subscribe(
      product.baseUrl,
      'subscription { listUpdated(family: tr) { family jobId items { aiResponse } run { state } } }',
      user.token,
    );
    product.fake.reply({ content: 'Curator\nRetoucher\nColorist' });
    const run = track(
      await graphql(
        product.baseUrl,
        'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
        { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
        user.token,
      ),
    );
    expect(run.body.data.runAgent.status).toBe('queued');
    // Streamed: one update per item, then the run's end, which holds the whole list.
    const end = () => live.received.find((update) => update.listUpdated.run?.state === 'done');
    await waitFor(() => end() !== undefined, 'the generated list by subscription', 20_000);
    expect(end().listUpdated.jobId).toBe(run.body.data.runAgent.jobId);
    expect(end().listUpdated.items.map((item: { aiResponse: string }) => item.aiResponse)).toEqual(
      expect.arrayContaining(['Curator', 'Retoucher', 'Colorist']),
    );
    await live.close();
  });

  it('saves a signature and uploads an image to the shared object store', async () => {
    const stored = track(
      await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.id}`, {
        token: user.token,
        body: {
          user_id: user.id,
          username: 'Ada',
          signature: SIX,
          signatureElements: ['Light'],
          status: '1',
        },
      }),
    );
    expect(stored.status).toBe(200);
    const read = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.id}`, {
      token: user.token,
    });
    expect(read.body.data.signature).toEqual(SIX);

    const photo = await photoJpeg(640, 480);
    const upload = await postForm(
      product.baseUrl,
      `/api/stream/store/${user.id}`,
      user.token,
      streamForm(user.id, { bytes: photo, name: 'photo.jpg', type: 'image/jpeg' }),
    );
    expect(upload.status).toBe(200);
    // Stored by signature-stream, served by the gateway: both reach the same bucket.
    const image = await fetch(`${product.baseUrl}${upload.body.data.image_url}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('lets an admin edit and delete a record (a user: the records operations are not wired yet)', async () => {
    const login = await requestJson(product.baseUrl, 'POST', '/api/login', { body: product.admin });
    const token = login.body.access_token;
    const edited = track(
      await requestJson(product.baseUrl, 'PUT', `/api/admin/user/update/${user.id}`, {
        token,
        body: { name: 'Grace Hopper' },
      }),
    );
    expect(edited.body).toMatchObject({
      message: 'User Updated successfully',
      data: { first_name: 'Grace' },
    });
    const deleted = track(
      await requestJson(product.baseUrl, 'GET', `/api/admin/user/delete/${user.id}`, { token }),
    );
    expect(deleted.body).toEqual({ message: 'User Delete Successfully', data: { id: user.id } });
    // The deletion event reaches signature-stream in its own process, which removes the user's signature.
    await waitFor(
      async () =>
        (await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.id}`, { token })).body
          .data === null,
      "the user's signature removed by signature-stream",
    );
  });

  it("carries each request's id from the gateway into the log lines of the services that handled it", () => {
    expect(journeyRequestIds.length).toBeGreaterThanOrEqual(4);
    const linesWithIds = (name: string) =>
      product.processes
        .get(name)!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { requestId?: string; service: string })
        .filter((line) => line.requestId !== undefined && journeyRequestIds.includes(line.requestId));
    expect(linesWithIds('gateway').length).toBeGreaterThanOrEqual(journeyRequestIds.length);
    for (const name of ['admin', 'signature-stream']) {
      expect(linesWithIds(name).map((line) => line.service)).toContain(name);
    }
  });

  it('serves Prometheus metrics on every process', async () => {
    for (const [name, url] of product.healthUrls) {
      const response = await fetch(`${url}/metrics`);
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
      const text = await response.text();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain(name === 'gateway' ? 'http_request_duration_seconds' : 'bus_request');
    }
    const gateway = await (await fetch(`${product.healthUrls.get('gateway')}/metrics`)).text();
    expect(gateway).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/signup",status="201"\} 1/,
    );
    const workers = await Promise.all(
      ['ai-worker-1', 'ai-worker-2'].map(async (name) =>
        (await fetch(`${product.healthUrls.get(name)}/metrics`)).text(),
      ),
    );
    expect(
      workers.some((text) => /job_duration_seconds_count\{queue="[^"]*",outcome="ok"\} 1/.test(text)),
    ).toBe(true);
  });
});

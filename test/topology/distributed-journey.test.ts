import { randomBytes } from 'node:crypto';
import { photoJpeg } from '@promptloom/signature-stream/testing';
import { waitFor } from '@promptloom/shared/testing';
import {
  startDistributedOnPrivateNats,
  type DistributedOnPrivateNats,
} from '../support/distributed-on-private-nats';
import { type DistributedProduct } from '../support/distributed-product';
import { graphql, newUser, requestJson } from '../support/http';
import { LOCKED_DOWN_BUS_CONFIG, lockedDownBusUsers } from '../support/private-nats';
import { subscribe } from '../support/subscriptions';
import { postForm, streamForm, SIX } from '../signature/signature-helpers';

/**
 * The distributed shape end to end: the gateway, admin, signature-stream and two ai-workers as separate Node
 * processes on NATS JetStream, PostgreSQL and an S3 endpoint. A user's journey over HTTP and WebSocket, then what
 * operations need from it: request ids in every service's logs, /metrics on every process.
 */
describe('a user journey across the distributed processes', () => {
  const namespace = `journey-${randomBytes(4).toString('hex')}`;
  let running: DistributedOnPrivateNats;
  let product: DistributedProduct;

  beforeAll(async () => {
    // The locked-down bus of compose: every process as its own user of deploy/nats.conf, so the journey also
    // shows that each one's permissions allow all it does.
    const users = lockedDownBusUsers();
    running = await startDistributedOnPrivateNats({
      nats: { configFile: LOCKED_DOWN_BUS_CONFIG, env: users.serverEnv },
      product: { namespace, logLevel: 'debug', natsCredentials: users.credentials },
    });
    ({ product } = running);
  });

  afterAll(async () => {
    await running?.stop();
  });

  /** Each test signs up a user of its own; `requestIds` collects the request id the gateway gave the signup. */
  async function signUp(requestIds: string[] = []): Promise<{ id: number; token: string }> {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    expect(signup.status).toBe(201);
    requestIds.push(signup.headers.get('x-request-id')!);
    return { id: signup.body.user.id, token: signup.body.access_token };
  }

  const storeSignature = (user: { id: number; token: string }) =>
    requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.id}`, {
      token: user.token,
      body: { user_id: user.id, username: 'Ada', signature: SIX, signatureElements: ['Light'], status: '1' },
    });

  const adminToken = async () =>
    (await requestJson(product.baseUrl, 'POST', '/api/login', { body: product.admin })).body.access_token;

  it('signs up, generates a list and receives it by subscription (two workers share the queue)', async () => {
    const user = await signUp();

    const live = await subscribe(
      product.baseUrl,
      'subscription { listUpdated(family: tr) { family jobId items { aiResponse } run { state } } }',
      user.token,
    );
    product.fake.reply({ content: 'Curator\nRetoucher\nColorist' });
    const run = await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
      { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
      user.token,
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
    const user = await signUp();
    const stored = await storeSignature(user);
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
    // Read to the end: an unread body larger than undici's buffer keeps its socket open (and paused) after the
    // gateway process is gone, and that handle kept jest's worker from exiting.
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('lets an admin edit and delete a record (a user: the records operations are not wired yet)', async () => {
    const user = await signUp();
    expect((await storeSignature(user)).status).toBe(200);
    const token = await adminToken();
    const edited = await requestJson(product.baseUrl, 'PUT', `/api/admin/user/update/${user.id}`, {
      token,
      body: { name: 'Grace Hopper' },
    });
    expect(edited.body).toMatchObject({
      message: 'User Updated successfully',
      data: { first_name: 'Grace' },
    });
    const deleted = await requestJson(product.baseUrl, 'GET', `/api/admin/user/delete/${user.id}`, {
      token,
    });
    expect(deleted.body).toEqual({ message: 'User Delete Successfully', data: { id: user.id } });
    // The deletion event reaches signature-stream in its own process, which removes the user's signature.
    await waitFor(
      async () =>
        (await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.id}`, { token })).body
          .data === null,
      "the user's signature removed by signature-stream",
    );
  });

  it("carries each request's id from the gateway into the log lines of the services that handled it", async () => {
    const requestIds: string[] = [];
    const user = await signUp(requestIds);
    requestIds.push((await storeSignature(user)).headers.get('x-request-id')!);
    const edited = await requestJson(product.baseUrl, 'PUT', `/api/admin/user/update/${user.id}`, {
      token: await adminToken(),
      body: { name: 'Grace Hopper' },
    });
    requestIds.push(edited.headers.get('x-request-id')!);
    const linesWithIds = (name: string) =>
      product.processes
        .get(name)!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { requestId?: string; service: string })
        .filter((line) => line.requestId !== undefined && requestIds.includes(line.requestId));
    // Each process writes its lines on its own time: wait until they are there.
    await waitFor(
      () =>
        new Set(linesWithIds('gateway').map((line) => line.requestId)).size === requestIds.length &&
        ['admin', 'signature-stream'].every((name) => linesWithIds(name).length > 0),
      'the log lines with the request ids',
    );
    for (const name of ['admin', 'signature-stream']) {
      expect(linesWithIds(name).map((line) => line.service)).toContain(name);
    }
  });

  it('ran every process within its own NATS permissions (deploy/nats.conf)', async () => {
    for (const [name, url] of product.healthUrls) {
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect({ name, denied: metrics.match(/^bus_permission_denied_total\{.*$/gm) }).toEqual({
        name,
        denied: null,
      });
    }
    expect(product.output()).not.toContain('NATS refused this process permission');
  });

  it('serves Prometheus metrics on every process', async () => {
    const user = await signUp();
    await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'tl', aiModel: 'gpt-4o', frequency: 3 } },
      user.token,
    );
    const workerMetrics = () =>
      Promise.all(
        ['ai-worker-1', 'ai-worker-2'].map(async (name) =>
          (await fetch(`${product.healthUrls.get(name)}/metrics`)).text(),
        ),
      );
    const jobDone = (text: string) =>
      /job_duration_seconds_count\{queue="[^"]*",outcome="ok"\} [1-9]/.test(text);
    await waitFor(async () => (await workerMetrics()).some(jobDone), 'a worker to measure the job');
    for (const [name, url] of product.healthUrls) {
      const response = await fetch(`${url}/metrics`);
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
      const text = await response.text();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain(name === 'gateway' ? 'http_request_duration_seconds' : 'bus_request');
    }
    const gateway = await (await fetch(`${product.healthUrls.get('gateway')}/metrics`)).text();
    expect(gateway).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/signup",status="201"\} [1-9]/,
    );
  });
});

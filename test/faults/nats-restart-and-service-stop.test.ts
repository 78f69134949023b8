import { randomBytes } from 'node:crypto';
import { deferred, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import {
  startDistributedOnPrivateNats,
  type DistributedOnPrivateNats,
} from '../support/distributed-on-private-nats';
import { type DistributedProduct } from '../support/distributed-product';
import { graphql, newUser, requestJson } from '../support/http';
import { type PrivateNats } from '../support/private-nats';
import { runSql } from '../support/sql';
import { subscribe } from '../support/subscriptions';

/**
 * Faults on the real servers, with a nats-server of this test's own (the machine's shared one is never touched):
 * NATS restarted in the middle of a job, and a service stopped entirely.
 */
describe('the distributed processes survive faults', () => {
  const namespace = `faults-${randomBytes(4).toString('hex')}`;
  let nats: PrivateNats;
  let database: TestDatabase;
  let running: DistributedOnPrivateNats;
  let product: DistributedProduct;

  beforeAll(async () => {
    running = await startDistributedOnPrivateNats({ product: { namespace } });
    ({ nats, database, product } = running);
  });

  afterAll(async () => {
    await running?.stop();
  });

  const allReady = async () => {
    for (const url of product.healthUrls.values()) {
      if (
        !(await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        return false;
    }
    return true;
  };

  it('finishes a job across a nats-server restart: reconnects, resumes the subscription, loses no event', async () => {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const token = signup.body.access_token;
    const live = await subscribe(
      product.baseUrl,
      'subscription { listUpdated(family: tr) { jobId added { aiResponse } run { state } } }',
      token,
    );
    const answer = deferred();
    product.fake.reply({ content: 'Curator\nRetoucher\nColorist', until: answer.promise });
    const before = product.fake.requests.length;
    const run = await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
      token,
    );
    const jobId = run.body.data.runAgent.jobId;
    await waitFor(() => product.fake.requests.length > before, 'a worker calling the provider');

    // The worker finishes while NATS is down: its event waits in the outbox until the relay can publish it.
    await nats.pause();
    answer.resolve();
    const storedItems = async () =>
      Number(
        (await runSql(database.url, 'select count(*) from ai.list_items where job_id = $1', [jobId])).rows[0]
          .count,
      );
    await waitFor(async () => (await storedItems()) === 3, 'the items stored while NATS is down', 20_000);
    await nats.resume();
    await waitFor(allReady, 'every process ready again after the restart', 20_000);
    // Streamed: one update per item, and the run's end. Across the restart they may arrive out of stream order (the
    // web client orders a list's changes by their version and reads the list again on a gap), but each arrives.
    const ended = (update: any) => update.listUpdated.run?.state === 'done';
    const ofJobNow = () => live.received.filter((update) => update.listUpdated.jobId === jobId);
    const addedIn = (updates: any[]) =>
      updates.flatMap((update) => update.listUpdated.added.map((item: any) => item.aiResponse));
    await waitFor(
      () => ofJobNow().some(ended) && new Set(addedIn(ofJobNow())).size === 3,
      'every item and the end by the resumed subscription',
      20_000,
    );
    const ofJob = ofJobNow();
    // Nothing arrived twice: one end, and a later change of the same list (the marker) is next.
    expect(ofJob.filter(ended)).toHaveLength(1);
    const stored = await requestJson(
      product.baseUrl,
      'GET',
      `/api/ai/response/tr/get/${signup.body.user.id}`,
      {
        token,
      },
    );
    expect(stored.body.ai_response.map((item: any) => item.ai_response).sort()).toEqual([
      'Colorist',
      'Curator',
      'Retoucher',
    ]);
    const added = addedIn(ofJob);
    expect(added.sort()).toEqual(['Colorist', 'Curator', 'Retoucher']);
    const seen = live.received.length;
    await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tr, text: "Marker") { family } }',
      {},
      token,
    );
    await waitFor(() => live.received.length > seen, 'the marker change', 20_000);
    expect(live.received).toHaveLength(seen + 1);
    expect(live.received[seen].listUpdated.jobId).toBeNull();
    expect(live.error()).toBeNull();

    // And the product works normally afterwards.
    const me = await requestJson(product.baseUrl, 'GET', '/api/me', { token });
    expect(me.status).toBe(200);
    await live.close();
  });

  it('answers SERVICE_UNAVAILABLE for a service that is stopped entirely', async () => {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const { access_token: token, user } = signup.body;
    expect(await product.processes.get('signature-stream')!.stop('SIGTERM')).toBe(0);

    const rest = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.id}`, { token });
    expect(rest.status).toBe(503);
    expect(rest.body.message).toMatch(/unavailable/i);
    const gql = await graphql(product.baseUrl, '{ mySignature { id } }', {}, token);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');

    // The other services are unaffected.
    expect((await requestJson(product.baseUrl, 'GET', '/api/me', { token })).status).toBe(200);
  });
});

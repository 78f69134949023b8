import { randomBytes } from 'node:crypto';
import { waitFor } from '@promptloom/shared/testing';
import {
  startDistributedOnPrivateNats,
  type DistributedOnPrivateNats,
} from '../support/distributed-on-private-nats';
import { type DistributedProduct } from '../support/distributed-product';
import { newUser, requestJson } from '../support/http';
import { subscribe } from '../support/subscriptions';
import { startTcpBalancer, type TcpBalancer } from '../support/tcp-balancer';

interface ListChange {
  listUpdated: { sequence: number; items: Array<{ aiResponse: string }> };
}

const CHANGES = (afterSequence: number | null) =>
  `subscription { listUpdated(family: tl, afterSequence: ${afterSequence}) { sequence items { aiResponse } } }`;

/**
 * deploy/README.md "Scale": several gateways behind one port. What a client sees must not depend on which replica
 * it reached: events come from JetStream to every gateway, and a client whose gateway dies resumes on another.
 */
describe('two gateway processes behind one balancer', () => {
  const namespace = `two-gw-${randomBytes(4).toString('hex')}`;
  let running: DistributedOnPrivateNats;
  let product: DistributedProduct;
  let balancer: TcpBalancer;

  beforeAll(async () => {
    running = await startDistributedOnPrivateNats({ product: { namespace, gateways: 2 } });
    ({ product } = running);
    balancer = await startTcpBalancer(
      ['gateway', 'gateway-2'].map((name) => Number(new URL(product.healthUrls.get(name)!).port)),
    );
  });

  afterAll(async () => {
    await balancer?.close();
    await running?.stop();
  });

  it('delivers a write through gateway 2 to a subscriber on gateway 1, and resumes it on gateway 2 when gateway 1 dies', async () => {
    const first = product.healthUrls.get('gateway')!;
    const second = product.healthUrls.get('gateway-2')!;
    const signup = await requestJson(second, 'POST', '/api/signup', { body: newUser() });
    const { id, token } = { id: signup.body.user.id as number, token: signup.body.access_token as string };
    const store = (name: string) =>
      requestJson(second, 'POST', `/api/ai/response/tl/newstore/${id}`, {
        token,
        body: { ai_response: [name] },
      });

    // The balancer's first connection goes to gateway 1.
    const onFirst = await subscribe<ListChange>(balancer.url, CHANGES(null), token, { gatewayUrl: first });
    expect(balancer.routed).toEqual([Number(new URL(first).port)]);
    expect((await store('Aurora')).status).toBe(200);
    await waitFor(() => onFirst.received.length === 1, 'the change written through gateway 2, on gateway 1');
    const seen = onFirst.received[0]!.listUpdated.sequence;

    await product.processes.get('gateway')!.stop('SIGKILL');
    await waitFor(() => onFirst.error() !== null, 'the subscription on gateway 1 to end with it');
    await onFirst.close();
    // Written while the client has no gateway: it must still see it.
    expect((await store('Borealis')).status).toBe(200);

    const resumed = await subscribe<ListChange>(balancer.url, CHANGES(seen), token, { gatewayUrl: second });
    expect(balancer.routed.at(-1)).toBe(Number(new URL(second).port));
    await waitFor(() => resumed.received.length >= 1, 'the missed change, caught up on gateway 2');
    const names = resumed.received[0]!.listUpdated.items.map((item) => item.aiResponse);
    expect(names).toEqual(expect.arrayContaining(['Aurora', 'Borealis']));
    expect(resumed.received[0]!.listUpdated.sequence).toBeGreaterThan(seen);
    await resumed.close();
  });
});

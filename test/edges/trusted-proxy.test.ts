import { networkInterfaces } from 'node:os';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';

/**
 * An address of this machine other than loopback, so requests come from a peer that is not a local proxy; a private
 * one when there is (Express's old setting trusted private networks, which let any client there pick its address).
 */
function machineAddress(): string {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && !entry.address.startsWith('fe80'))
    .map((entry) => entry!.address);
  const isPrivate = (address: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd])/i.test(address);
  const chosen = addresses.find(isPrivate) ?? addresses[0];
  if (!chosen) throw new Error('This test needs a network interface besides loopback.');
  return chosen;
}

/** Anonymous requests count per address: three, each forwarded for another client, against a limit of two. */
async function statusesWithForwardedAddresses(
  product: TestProduct,
  forwardedFor: (index: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const answer = await requestJson(product.baseUrl, 'GET', '/api/client-config', {
      headers: { 'x-forwarded-for': forwardedFor(index) },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', () => {
  const address = machineAddress();
  let product: TestProduct | undefined;
  afterEach(async () => {
    await product?.stop();
    product = undefined;
  });

  it('by default (loopback only) a client on the network cannot pick its address to escape the limit', async () => {
    product = await startTestProduct({ listenHost: address, requestLimits: { perMinute: 2 } });
    expect(await statusesWithForwardedAddresses(product, (index) => `203.0.113.${index}`)).toEqual([
      200, 200, 429,
    ]);
  });

  it('from a listed proxy, each forwarded client counts on its own', async () => {
    product = await startTestProduct({
      listenHost: address,
      requestLimits: { perMinute: 2 },
      gateway: { trustProxy: [address] },
    });
    expect(await statusesWithForwardedAddresses(product, (index) => `203.0.113.${index}`)).toEqual([
      200, 200, 200,
    ]);
  });

  it('with a hop count, the address one hop before the proxy counts', async () => {
    product = await startTestProduct({
      listenHost: address,
      requestLimits: { perMinute: 2 },
      gateway: { trustProxy: 1 },
    });
    // One hop: the address the proxy saw (the last one it forwards) is the client; what a client claims before it is not.
    const answers = await statusesWithForwardedAddresses(
      product,
      (index) => `203.0.113.${index}, 198.51.100.7`,
    );
    expect(answers).toEqual([200, 200, 429]);
    expect(await statusesWithForwardedAddresses(product, () => '198.51.100.8')).toEqual([200, 200, 429]);
  });
});

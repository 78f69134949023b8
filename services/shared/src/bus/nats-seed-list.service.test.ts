import net from 'node:net';
import { loadConfig } from '../config';
import { uniqueToken } from './bus-contract';
import { connect } from 'nats';
import { NatsBus } from './nats-bus';
import { natsStreamNames } from './nats-names';

const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A port nothing listens on: a seed-list member that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('NATS_URL as a cluster seed list', () => {
  it('connects through the member that answers and serves requests', async () => {
    const down = `nats://127.0.0.1:${await closedPort()}`;
    const config = loadConfig({ NATS_URL: `${down},${TEST_NATS_URL}` });
    expect(config.NATS_URL).toEqual([down, TEST_NATS_URL]);

    const namespace = uniqueToken();
    const bus = await NatsBus.connect({ servers: config.NATS_URL!, namespace, name: 'seed-list' });
    try {
      await bus.serve('svc.seed.echo', 'seed', async (payload) => payload);
      await expect(bus.request('svc.seed.echo', { hello: 'cluster' })).resolves.toEqual({ hello: 'cluster' });
    } finally {
      await bus.close();
      await deleteStreams(namespace);
    }
  });
});

async function deleteStreams(namespace: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of Object.values(natsStreamNames(namespace)))
      await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

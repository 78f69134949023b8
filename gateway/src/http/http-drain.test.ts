import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { HttpDrain } from './http-drain';

/** A server whose requests wait for `release`; kept-alive connections would otherwise stay open for 10 minutes. */
async function heldServer() {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    if (request.url === '/held') void released.then(() => response.end('held answer'));
    else if (request.url !== '/never') response.end('at once');
  });
  server.keepAliveTimeout = 600_000;
  const drain = new HttpDrain(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { server, drain, port, release };
}

function get(
  port: number,
  path: string,
  agent: http.Agent,
): Promise<{ status?: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

/** Everything the server sent on a raw connection until it closed it, or the error that ended it. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(`${text}<${error.code ?? error.message}>`),
    );
    socket.once('close', () => resolve(text));
  });
}

const AT_ONCE_REQUEST = 'GET /at-once HTTP/1.1\r\nHost: x\r\n\r\n';

describe('HttpDrain', () => {
  it('lets a request in flight finish, then closes its kept-alive connection and the idle ones', async () => {
    const { server, drain, port, release } = await heldServer();
    const idleAgent = new http.Agent({ keepAlive: true });
    const busyAgent = new http.Agent({ keepAlive: true });
    try {
      expect((await get(port, '/idle', idleAgent)).body).toBe('at once');
      const held = get(port, '/held', busyAgent);
      await new Promise<void>((resolve) => server.once('request', () => resolve()));

      const drained = drain.drain(600_000);
      release();

      // Its answer tells the client not to send another request on that connection.
      expect(await held).toEqual({ status: 200, body: 'held answer', connection: 'close' });
      // Resolves only once both kept-alive connections are closed: Node alone, or the grace, would take 10 minutes.
      await drained;
      expect(server.listening).toBe(false);
    } finally {
      idleAgent.destroy();
      busyAgent.destroy();
    }
  });

  it('answers a request sent before the drain but not read yet, with Connection: close', async () => {
    const { server, drain, port } = await heldServer();
    const client = connect(port, '127.0.0.1');
    await once(server, 'connection');
    const answer = received(client);

    const drained = drain.drain(600_000);
    // Arrives after the drain started, before the event loop reads it: a request already on its way.
    client.write(AT_ONCE_REQUEST);

    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*Connection: close\r\n[^]*at once$/);
    await drained;
    expect(server.listening).toBe(false);
  });

  it('accepts and answers the connections still waiting in the listen backlog before closing it', async () => {
    const { server, drain, port } = await heldServer();
    // Connected by the kernel, not yet accepted by the server: closing the listener now would reset them.
    const clients = Array.from({ length: 20 }, () => connect(port, '127.0.0.1'));
    const answers = clients.map(received);
    for (const client of clients) client.write(AT_ONCE_REQUEST);

    await drain.drain(600_000);

    for (const answer of answers) expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*at once$/);
    expect(server.listening).toBe(false);
  });

  it('cuts what is still open when the grace runs out: a request that never ends, an upgraded socket', async () => {
    const { server, drain, port } = await heldServer();
    const upgraded: Socket[] = [];
    server.on('upgrade', (_request, socket: Socket) => {
      upgraded.push(socket);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n');
    });
    const never = get(port, '/never', new http.Agent({ keepAlive: true })).catch((error: Error) => error);
    const client = connect(port, '127.0.0.1');
    client.write('GET /socket HTTP/1.1\r\nHost: x\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n');
    await once(client, 'data');
    const clientClosed = once(client, 'close');

    await drain.drain(50);

    expect(await never).toHaveProperty('code', 'ECONNRESET');
    await clientClosed;
    expect(upgraded[0]?.destroyed).toBe(true);
  });

  it('does nothing for a server that is not listening', async () => {
    const server = http.createServer();
    await expect(new HttpDrain(server).drain()).resolves.toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { startGatewayProcess } from '../support/gateway-process';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL, waitUntilReady, type RunningProcess } from '../support/processes';

/**
 * deploy/README.md "Stop": on SIGTERM the gateway first answers /readyz 503 (SHUTDOWN_READY_DELAY_MS) while it
 * still serves, so a balancer stops sending before the listener closes; a drain that runs out of
 * SHUTDOWN_TIMEOUT_MS still exits 0 (nothing is lost: jobs are redelivered), never a crash code.
 */
describe('gateway shutdown behind a load balancer', () => {
  const namespace = `drain-${randomBytes(4).toString('hex')}`;

  afterAll(() => deleteNamespaceStreams(namespace));

  it('answers /readyz 503 while still serving, then exits 0 when the drain runs out', async () => {
    const { gateway, baseUrl } = await startGatewayProcess({
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      // The readiness delay outlasts the whole drain, so the process can only end by the drain's limit.
      SHUTDOWN_READY_DELAY_MS: '600000',
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
    try {
      await waitUntilReady([gateway], `${baseUrl}/readyz`);
      gateway.child.kill('SIGTERM');

      const ready = await untilStatus(`${baseUrl}/readyz`, 503);
      expect(ready.body).toMatchObject({ checks: { accepting: 'failing' } });
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
      // Requests a balancer already routed here are still answered.
      expect((await fetch(`${baseUrl}/api/me`)).status).toBe(401);

      expect(await gateway.exited).toBe(0);
      expect(gateway.output()).toMatch(/shutdown drain ran out/);
    } finally {
      await gateway.stop('SIGKILL');
    }
  });
});

describe('gateway shutdown with requests already sent', () => {
  const namespace = `drain-sent-${randomBytes(4).toString('hex')}`;

  afterAll(() => deleteNamespaceStreams(namespace));

  it('answers every request sent before SIGTERM, those still in the backlog and half-sent ones too, then exits 0', async () => {
    const { gateway, port } = await startGatewayProcess({
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      LOG_LEVEL: 'info',
    });
    const sockets: Socket[] = [];
    const open = async () => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      await once(socket, 'connect');
      return { socket, answer: answerOn(socket) };
    };
    try {
      await waitUntilReady([gateway], `http://127.0.0.1:${port}/readyz`);
      // Three slow clients: headers and half the body now, the rest once the gateway is shutting down.
      const slow = await Promise.all([1, 2, 3].map(open));
      for (const { socket } of slow) socket.write(TYPENAME_REQUEST.slice(0, -10));

      // While the gateway is stopped the kernel still completes connections: five complete requests wait in the
      // listen backlog, unread, when the signal is handled.
      gateway.child.kill('SIGSTOP');
      const waiting = await Promise.all([1, 2, 3, 4, 5].map(open));
      for (const { socket } of waiting) socket.write(TYPENAME_REQUEST);
      gateway.child.kill('SIGTERM');
      gateway.child.kill('SIGCONT');

      await untilOutput(gateway, /"msg":"shutting down"/);
      for (const { socket } of slow) socket.write(TYPENAME_REQUEST.slice(-10));

      const answers = await Promise.all([...slow, ...waiting].map(({ answer }) => answer));
      expect(answers.filter((answer) => !TYPENAME_ANSWER.test(answer))).toEqual([]);
      expect(answers).toHaveLength(8);
      expect(await gateway.exited).toBe(0);
      expect(gateway.output()).toMatch(/"msg":"shut down cleanly"/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await gateway.stop('SIGKILL');
    }
  });
});

const TYPENAME_BODY = '{"query":"{ __typename }"}';
const TYPENAME_REQUEST =
  'POST /graphql HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${TYPENAME_BODY.length}\r\n\r\n${TYPENAME_BODY}`;
/**
 * A whole answer: the status and the complete body (`Connection: close` too, unless the gateway answered before it
 * handled the signal).
 */
const TYPENAME_ANSWER = /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"data":\{"__typename":"Query"\}\}\n$/;

/** Everything the server sent on a raw connection until it closed it, or the error that ended it. */
function answerOn(socket: Socket): Promise<string> {
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

/** Resolves once the process has printed a line matching `pattern`. */
async function untilOutput(running: RunningProcess, pattern: RegExp): Promise<void> {
  while (!pattern.test(running.output())) {
    await Promise.race([once(running.child.stdout!, 'data'), running.exited]);
    if (running.child.exitCode !== null && !pattern.test(running.output())) {
      throw new Error(`${running.name} exited before printing ${pattern}:\n${running.output()}`);
    }
  }
}

/** Polls `url` until it answers `status` (each poll waits for the previous answer). */
async function untilStatus(url: string, status: number): Promise<{ body: unknown }> {
  for (;;) {
    const response = await fetch(url);
    const body: unknown = await response.json().catch(() => null);
    if (response.status === status) return { body };
  }
}

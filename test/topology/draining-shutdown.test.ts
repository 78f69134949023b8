import { randomBytes } from 'node:crypto';
import { GeneratedBusKeys } from '@promptloom/shared';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL, freePort, startProcess, waitUntilReady } from '../support/processes';

/**
 * deploy/README.md "Stop": on SIGTERM the gateway first answers /readyz 503 (SHUTDOWN_READY_DELAY_MS) while it
 * still serves, so a balancer stops sending before the listener closes; a drain that runs out of
 * SHUTDOWN_TIMEOUT_MS still exits 0 (nothing is lost: jobs are redelivered), never a crash code.
 */
describe('gateway shutdown behind a load balancer', () => {
  const namespace = `drain-${randomBytes(4).toString('hex')}`;

  afterAll(() => deleteNamespaceStreams(namespace));

  it('answers /readyz 503 while still serving, then exits 0 when the drain runs out', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const gateway = startProcess('gateway', 'gateway/dist/main.js', {
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(48).toString('hex'),
      ...new GeneratedBusKeys().environmentFor('gateway'),
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

/** Polls `url` until it answers `status` (each poll waits for the previous answer). */
async function untilStatus(url: string, status: number): Promise<{ body: unknown }> {
  for (;;) {
    const response = await fetch(url);
    const body: unknown = await response.json().catch(() => null);
    if (response.status === status) return { body };
  }
}

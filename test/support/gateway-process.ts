import { randomBytes } from 'node:crypto';
import { GeneratedBusKeys } from '@promptloom/shared';
import { freePort, startProcess, type RunningProcess } from './processes';

/**
 * The built gateway as its own process on a free port, with a fresh JWT secret and bus keys unless `env` or
 * `busKeys` give them. It is not waited for: a test may want to see it fail to start.
 */
export async function startGatewayProcess(
  env: Record<string, string>,
  busKeys: GeneratedBusKeys = new GeneratedBusKeys(),
): Promise<{ gateway: RunningProcess; port: number; baseUrl: string }> {
  const port = await freePort();
  const gateway = startProcess('gateway', 'gateway/dist/main.js', {
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET: randomBytes(48).toString('hex'),
    ...busKeys.environmentFor('gateway'),
    ...env,
  });
  return { gateway, port, baseUrl: `http://127.0.0.1:${port}` };
}

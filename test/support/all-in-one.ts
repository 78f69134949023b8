import { freePort, startProcess, waitUntilReady, type RunningProcess } from './processes';

/** The built all-in-one app (`npm start`) on a free port of its own, once its `/readyz` answers. */
export async function startAllInOne(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ running: RunningProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = startProcess('all-in-one', 'apps/all-in-one/dist/main.js', {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
  await waitUntilReady([running], `${baseUrl}/readyz`, 90_000);
  return { running, baseUrl };
}

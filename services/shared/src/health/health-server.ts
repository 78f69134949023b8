import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** A named readiness check: the process is ready when every check answers true. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `/healthz` answers 200 while the process runs; `/readyz` answers 200 when every check passes, else 503 with the
 * failing names. For service processes, which serve no other HTTP (the gateway mounts the same routes itself).
 */
export async function startHealthServer(options: {
  port: number;
  host?: string;
  checks: ReadinessCheck[];
  extraRoutes?: Record<string, (response: http.ServerResponse) => Promise<void>>;
}): Promise<HealthServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/healthz') return sendJson(response, 200, { status: 'ok' });
    if (path === '/readyz') {
      void readiness(options.checks).then((answer) =>
        sendJson(response, answer.ready ? 200 : 503, answer.body),
      );
      return;
    }
    const extra = options.extraRoutes?.[path];
    if (extra) {
      extra(response).catch(() => sendJson(response, 500, { message: 'Internal error' }));
      return;
    }
    sendJson(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `/readyz` answer: every part by name (`ok` or `failing`), and the failing names when not ready. */
export interface ReadinessBody {
  status: 'ready' | 'not ready';
  checks: Record<string, 'ok' | 'failing'>;
  failing?: string[];
}

export async function readiness(
  checks: ReadinessCheck[],
): Promise<{ ready: boolean; failing: string[]; body: ReadinessBody }> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => ({ name, ok: await check().catch(() => false) })),
  );
  const failing = results.filter((result) => !result.ok).map((result) => result.name);
  const parts = Object.fromEntries(results.map(({ name, ok }) => [name, ok ? 'ok' : 'failing'] as const));
  const ready = failing.length === 0;
  return {
    ready,
    failing,
    body: ready ? { status: 'ready', checks: parts } : { status: 'not ready', checks: parts, failing },
  };
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

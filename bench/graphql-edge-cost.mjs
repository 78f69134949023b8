// Where GraphQL `me`'s gap to Apollo goes: Apollo Server 5 on Express 5 with a trivial resolver (as in
// gateway-throughput.mjs), then the same server behind the gateway's own edge steps (security headers, CORS, request
// context with a signed token and a kept session answer, request log, content-encoding guard, request limit, body
// parsing, text guard), then without the request log and text guard. Prints the server's CPU µs per request for
// each, in turns, ROUNDS times (env: ROUNDS 2, SECONDS 4, STORAGES 3 AsyncLocalStorages turned on as the product's
// process has them). Run after `npm run build`: node bench/graphql-edge-cost.mjs
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const express = require('express');
const { ApolloServer } = require('@apollo/server');
const { expressMiddleware } = require('@as-integrations/express5');
const { TokenService } = require('@promptloom/gateway');
const { createLogger, MEMORY_LIMIT_STORE } = require('@promptloom/shared');
const gateway = (path) => require(`../gateway/dist/${path}`);
const { series } = gateway('http/series');

const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SECONDS = Number(process.env.SECONDS ?? 4);
const LOAD = fileURLToPath(new URL('./support/load.mjs', import.meta.url));
for (let index = 0; index < Number(process.env.STORAGES ?? 3); index++)
  new AsyncLocalStorage().run({}, () => {});

const logger = createLogger('bench', 'silent');
const tokens = new TokenService('a-bench-secret-that-is-long-enough-for-hs256', 3_600_000);
const actor = {
  userId: 1,
  role: 'user',
  sessionId: '6f1c1d1e-8a7b-4c3d-9e2f-0a1b2c3d4e5f',
  sessionVersion: 1,
};
const token = tokens.issue(actor).token;
const keptSession = { isLiveNow: () => true };

const apollo = new ApolloServer({
  typeDefs: 'type User { id: Int! name: String! email: String! } type Query { me: User }',
  resolvers: { Query: { me: () => ({ id: 1, name: 'Bench User', email: 'bench@example.com' }) } },
});
await apollo.start();

function edge({ log, textGuard }) {
  const app = express();
  app.use(
    series(gateway('http/security-headers').securityHeaders(), gateway('http/cors-policy').corsPolicy([])),
  );
  const limits = gateway('http/request-limit').requestLimits(
    { perMinute: 1e9, enabled: true, store: MEMORY_LIMIT_STORE },
    logger,
  );
  app.use(
    series(
      gateway('http/request-context').requestContext(tokens, keptSession),
      ...(log ? [gateway('http/request-log').requestLog(logger)] : []),
      gateway('edge/content-encoding').contentEncodingGuard(),
      limits.byPath,
      gateway('http/body-parsing').bodyParsing(1_048_576),
      ...(textGuard ? [gateway('edge/request-text-guard').requestTextGuard()] : []),
    ),
  );
  app.use('/graphql', expressMiddleware(apollo));
  return app;
}

const plain = express();
plain.use('/graphql', express.json(), expressMiddleware(apollo));
const variants = [
  ['Apollo on Express (baseline)', plain],
  ['behind the gateway edge', edge({ log: true, textGuard: true })],
  ['edge without request log and text guard', edge({ log: false, textGuard: false })],
];

async function listen(app) {
  const server = http.createServer(app);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

const load = (url) =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [
        LOAD,
        JSON.stringify({
          url,
          connections: 20,
          seconds: SECONDS,
          requests: [
            {
              method: 'POST',
              path: '/graphql',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ query: '{ me { id name email } }' }),
            },
          ],
        }),
      ],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    ),
  );

const urls = await Promise.all(variants.map(([, app]) => listen(app)));
const figures = variants.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, url] of urls.entries()) {
    await load(url);
    const before = process.cpuUsage();
    const result = await load(url);
    const cpu = process.cpuUsage(before);
    figures[index].push({ cpu: (cpu.user + cpu.system) / result.requests, reqPerSec: result.reqPerSec });
  }
}
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.table(
  variants.map(([name], index) => ({
    variant: name,
    'CPU µs/req (rounds)': figures[index].map((figure) => Math.round(figure.cpu)).join(', '),
    'req/s (rounds)': figures[index].map((figure) => Math.round(figure.reqPerSec)).join(', '),
  })),
);
process.exit(0);

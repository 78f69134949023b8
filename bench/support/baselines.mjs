// The stack's own ceiling, in a process of its own so that nothing of the product (its async context, its ORM) weighs
// on it: Express 5 answering /api/me's JSON, and Apollo Server 5 on Express 5 with `me` resolved from a constant.
// argv[2]: the JSON body /api/me answers. Prints one line of JSON: { express, apollo, cpu } URLs; GET cpu answers
// this process's CPU time so far (µs), for the CPU cost per request.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const express = require('express');
const { ApolloServer } = require('@apollo/server');
const { expressMiddleware } = require('@as-integrations/express5');

const meBody = JSON.parse(process.argv[2]);

async function listen(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

const rest = express();
rest.get('/api/me', (_request, response) => {
  response.json(meBody);
});

const apollo = new ApolloServer({
  typeDefs: 'type User { id: Int! name: String! email: String! } type Query { me: User }',
  resolvers: {
    Query: { me: () => ({ id: meBody.user.id, name: meBody.user.name, email: meBody.user.email }) },
  },
});
await apollo.start();
const graphql = express();
graphql.use('/graphql', express.json(), expressMiddleware(apollo));

const cpu = (_request, response) => {
  const usage = process.cpuUsage();
  response.end(JSON.stringify(usage.user + usage.system));
};

console.log(
  JSON.stringify({ express: await listen(rest), apollo: await listen(graphql), cpu: await listen(cpu) }),
);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));

// One autocannon run in a process of its own, so that the load does not compete with the server for its event
// loop. Reads a JSON plan from argv[2]: { url, connections, seconds, requests: [{ method, path, headers, body,
// expect? }] } and prints a JSON result. A request with `expect` ({ status, text }) is a bad one: its answer must
// have that status and contain that text, and the run counts those that do.
import autocannon from 'autocannon';

const plan = JSON.parse(process.argv[2]);
const counts = { expected: 0, answered: 0 };

const requests = plan.requests.map((request) => {
  const { expect, ...rest } = request;
  if (!expect) return rest;
  return {
    ...rest,
    onResponse: (status, body) => {
      counts.expected += 1;
      if (status === expect.status && String(body).includes(expect.text)) counts.answered += 1;
    },
  };
});

const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.seconds,
  requests,
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
    bad: counts,
  }),
);

import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, newUser, requestJson } from '../support/http';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

/** The count of `graphql_operation_duration_seconds` for one label set, 0 when it has none yet. */
async function operationCount(labels: string): Promise<number> {
  const metrics = (await requestJson(product.baseUrl, 'GET', '/metrics')).body as string;
  const line = metrics
    .split('\n')
    .find((row) => row.startsWith(`graphql_operation_duration_seconds_count{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe("the gateway's GraphQL-over-HTTP plugin", () => {
  it('refuses a subscription sent over HTTP with 400 and says where subscriptions are served', async () => {
    const answer = await graphql(product.baseUrl, 'subscription { userCreated { id } }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe(
      'Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP.',
    );
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('times each operation by its name, type and outcome', async () => {
    const name = `MeTimed${Date.now().toString(36)}`;
    const ok = `operation="${name}",type="query",outcome="ok"`;
    const refused = `operation="${name}",type="query",outcome="UNAUTHENTICATED"`;
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const token = signup.body.access_token as string;

    const me = await graphql(product.baseUrl, `query ${name} { me { id email } }`, {}, token);
    expect(me.body.data?.me?.email).toBe(signup.body.user.email);
    expect(await operationCount(ok)).toBe(1);

    const anonymous = await graphql(product.baseUrl, `query ${name} { me { id } }`);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await operationCount(refused)).toBe(1);
    expect(await operationCount(ok)).toBe(1);
  });
});

import fc from 'fast-check';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isLeafType,
  type IntrospectionQuery,
} from 'graphql';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signInAdmin, signUp, type SignedIn } from '../signature/signature-helpers';
import { routesOf, type RouteInfo } from './route-catalogue';

/**
 * Generated malformed requests over every REST route and every GraphQL operation of the real product (in-process,
 * real PostgreSQL, real HTTP): none may answer 5xx or GraphQL INTERNAL, and the server must still be alive after.
 */
const REST_RUNS = 2000;
const GRAPHQL_RUNS = 1000;
const SEED = Number(process.env.FUZZ_SEED ?? 1311);

let product: TestProduct;
let user: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  // Thousands of requests from one user in a minute: the request limit (tested in test/limits) would answer 429.
  product = await startTestProduct({ requestLimits: { enabled: false } });
  user = await signUp(product.baseUrl);
  admin = await signInAdmin(product.baseUrl, product.buses.admin);
});
afterAll(() => product.stop());

const nasty = fc.constantFrom(
  '%ff',
  '%00',
  '%',
  '%e0%80',
  '%ed%a0%80',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999',
  "1' OR '1'='1",
  '../../etc/passwd',
  '..%2f..%2f',
  '<script>',
  '{{7*7}}',
  '$gt',
  'null',
  'true',
  ' ',
  '',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('a\u0000b', 'x\ud800', '\udc00y', '\u0007', 'é'.repeat(300), 'x'.repeat(5000)),
  nasty,
);
const fieldNames = fc.constantFrom(
  'email',
  'password',
  'password_confirmation',
  'first_name',
  'last_name',
  'mobile',
  'name',
  'user_id',
  'userId',
  'ai_response',
  'ai_reason',
  'reason',
  'status',
  'levels',
  'frequency',
  'ai_model',
  'signature',
  'signatureElements',
  'username',
  'selection',
  'toggles',
  'prompt',
  'model',
  'messages',
  'family',
  'elementId',
  'page',
  'per_page',
  'module_id',
  'mode_id',
  'role_type',
  'job_id',
  'elementsByType',
  'types',
  '__proto__',
  'constructor',
);
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fieldNames, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const body = fc.oneof(
  fc.dictionary(fieldNames, jsonish, { maxKeys: 8 }).map((value) => ({ json: value })),
  jsonish.map((value) => ({ json: value })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ raw: Buffer.from(bytes), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((raw) => ({ raw, type: 'application/x-www-form-urlencoded' })),
  fc.string({ maxLength: 200 }).map((raw) => ({ raw, type: 'multipart/form-data; boundary=x' })),
  fc.constant({ raw: '['.repeat(3000), type: 'application/json' }),
);

function encodeSegment(value: string): string {
  if (/^%|%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ed%a0%80';
  }
}

function fillPath(pattern: string, values: string[]): string {
  let index = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => encodeSegment(values[index++ % values.length] ?? ''));
}

interface Failure {
  request: string;
  status: number;
  answer: unknown;
}

/** The first few failures, enough to reproduce each with FUZZ_SEED. */
const firstFailures = (failures: Failure[]) => failures.slice(0, 5);

describe('fuzzing every edge with malformed requests', () => {
  it(`REST: ${REST_RUNS} generated requests over every route, no 5xx`, async () => {
    const routes = routesOf(product.gateway.httpServer);
    expect(routes.length).toBeGreaterThan(80);
    const failures: Failure[] = [];
    const whoever = fc.constantFrom<'user' | 'admin' | 'none' | 'garbage'>(
      'user',
      'admin',
      'none',
      'garbage',
    );
    const request = fc.record({
      route: fc.constantFrom<RouteInfo>(...routes),
      params: fc.array(fc.oneof(text, nasty, fc.integer().map(String)), { minLength: 1, maxLength: 4 }),
      query: fc.option(fc.dictionary(fieldNames, text, { maxKeys: 3 }), { nil: undefined }),
      body,
      who: whoever,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query, body: payload, who }) => {
        let path = fillPath(route.path, params);
        if (query)
          path += `?${Object.entries(query)
            .map(([key, value]) => `${key}=${encodeSegment(value)}`)
            .join('&')}`;
        const token =
          who === 'user'
            ? user.token
            : who === 'admin'
              ? admin.token
              : who === 'garbage'
                ? 'x.y.z'
                : undefined;
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
        const options = !hasBody
          ? { token }
          : 'json' in payload
            ? { token, rawBody: JSON.stringify(payload.json) ?? 'null' }
            : { token, rawBody: payload.raw, headers: { 'content-type': payload.type } };
        const answer = await requestJson(product.baseUrl, route.method, path, options);
        if (answer.status >= 500)
          failures.push({ request: `${route.method} ${path}`, status: answer.status, answer: answer.body });
        return true;
      }),
      { numRuns: REST_RUNS, seed: SEED },
    );
    expect(firstFailures(failures)).toEqual([]);
  }, 600_000);

  it(`GraphQL: ${GRAPHQL_RUNS} generated operations over every query and mutation, no 5xx or INTERNAL`, async () => {
    const introspection = await graphql<IntrospectionQuery>(product.baseUrl, getIntrospectionQuery());
    const schema = buildClientSchema(introspection.body.data!);
    const operations = (['query', 'mutation'] as const).flatMap((kind) => {
      const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
      return Object.values(root?.getFields() ?? {}).map((field) => ({ kind, field }));
    });
    expect(operations.length).toBeGreaterThan(40);
    const failures: Failure[] = [];
    const operation = fc.record({
      pick: fc.constantFrom(...operations),
      values: fc.array(jsonish, { minLength: 6, maxLength: 6 }),
      inline: fc.boolean(),
      who: fc.constantFrom('user', 'admin', 'none'),
    });
    await fc.assert(
      fc.asyncProperty(operation, async ({ pick, values, inline, who }) => {
        const { kind, field } = pick;
        const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
        const variables: Record<string, unknown> = {};
        const declared: string[] = [];
        const args = field.args.map((arg, index) => {
          if (inline) return `${arg.name}: ${JSON.stringify(values[index % values.length]) ?? 'null'}`;
          declared.push(`$${arg.name}: ${String(arg.type)}`);
          variables[arg.name] = values[index % values.length];
          return `${arg.name}: $${arg.name}`;
        });
        const signature = declared.length > 0 ? `(${declared.join(', ')})` : '';
        const call = args.length > 0 ? `(${args.join(', ')})` : '';
        const query = `${kind} Fuzz${signature} { ${field.name}${call}${selection} }`;
        const token = who === 'user' ? user.token : who === 'admin' ? admin.token : undefined;
        const answer = await graphql(product.baseUrl, query, variables, token);
        const internal = (answer.body?.errors ?? []).some((error) => error.extensions?.code === 'INTERNAL');
        if (answer.status >= 500 || internal)
          failures.push({
            request: `${query} ${JSON.stringify(variables)}`.slice(0, 400),
            status: answer.status,
            answer: answer.body,
          });
        return true;
      }),
      { numRuns: GRAPHQL_RUNS, seed: SEED },
    );
    expect(firstFailures(failures)).toEqual([]);
  }, 600_000);

  it('is still alive afterwards', async () => {
    expect((await requestJson(product.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect(
      (await requestJson(product.baseUrl, 'GET', '/api/user', { token: user.token })).status,
    ).toBeLessThan(500);
  });
});

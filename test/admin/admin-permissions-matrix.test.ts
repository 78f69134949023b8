import {
  OPERATIONS,
  accessOf,
  adminUserOperations,
  auditOperations,
  dashboardOperations,
  deadLetterOperations,
  modeOperations,
  modeTypeOperations,
  moduleOperations,
  aiCallOperations,
  aiRecordOperations,
  signatureRecordOperations,
  type Operation,
} from '@promptloom/proto';
import { waitFor } from '@promptloom/shared/testing';
import { graphql, newUser, requestJson } from '../support/http';
import { contextOf } from '../support/token-context';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
/** The token of a user deactivated after signing in. */
let deactivatedToken: string;
beforeAll(async () => {
  fixture = await startAdminFixture();
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  deactivatedToken = signup.body.access_token;
  await fixture.asAdmin('PUT', `/api/admin/user/update/${signup.body.user.id}`, { status: 'Inactive' });
  await waitFor(
    async () =>
      (await requestJson(fixture.product.baseUrl, 'GET', '/api/user', { token: deactivatedToken })).status ===
      401,
    'the deactivated session to end',
  );
});
afterAll(() => fixture.product.stop());

/** Every admin REST route, with a body that would be valid, so only the role decides. */
const REST_ROUTES: Array<[method: string, path: string, body?: unknown]> = [
  ['GET', '/api/admin/user/list'],
  [
    'POST',
    '/api/admin/user/store',
    {
      name: 'A B',
      email: 'a.b@example.com',
      mobile: '+1 555 0100',
      role_type: 'user',
      status: 'Active',
      password: 'password-1',
      password_confirmation: 'password-1',
    },
  ],
  ['PUT', '/api/admin/user/update/1', { name: 'A B' }],
  ['GET', '/api/admin/user/delete/1'],
  ['DELETE', '/api/admin/user/delete/1'],
  ['GET', '/api/admin/modules/list'],
  ['POST', '/api/admin/modules/store', { name: 'M', status: 'Active' }],
  ['PUT', '/api/admin/modules/update/1', { name: 'M' }],
  ['GET', '/api/admin/modules/delete/1'],
  ['DELETE', '/api/admin/modules/delete/1'],
  ['GET', '/api/admin/mode/list'],
  ['POST', '/api/admin/mode/store', { name: 'P', module_id: 1 }],
  ['PUT', '/api/admin/mode/update/1', { name: 'P', module_id: [1] }],
  ['GET', '/api/admin/mode/delete/1'],
  ['DELETE', '/api/admin/mode/delete/1'],
  ['GET', '/api/admin/modetype/list'],
  ['POST', '/api/admin/modetype/store', { top_left: 'L', top_right: 'R', mode_id: 1 }],
  ['PUT', '/api/admin/modetype/update/1', { top_left: 'L', top_right: 'R', mode_id: 1 }],
  ['GET', '/api/admin/modetype/delete/1'],
  ['DELETE', '/api/admin/modetype/delete/1'],
  ['GET', '/api/admin/audit/list'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/dead-letters'],
  ['POST', '/api/admin/dead-letters/1/retry'],
  ...(['tl', 'tr', 'bl'] as const).flatMap((family): Array<[string, string, unknown?]> => [
    ['GET', `/api/admin/user/${family}/list`],
    ['PUT', `/api/admin/user/${family}/update/1`, { status: 1 }],
    ['GET', `/api/admin/user/${family}/delete/1`],
    ['DELETE', `/api/admin/user/${family}/delete/1`],
    ['POST', `/api/admin/user/${family}/regenerate/1`, { model: 'gpt-4o' }],
  ]),
  ['GET', '/api/admin/ai-calls'],
  ['GET', '/api/admin/ai-calls/export.csv'],
  ['GET', '/api/admin/ai-calls/usage'],
  ['GET', '/api/admin/ai-calls/1'],
  ['GET', '/api/admin/user/br/list'],
  ['PUT', '/api/admin/user/br/update/1', { username: 'Ada', status: 1 }],
  ['GET', '/api/admin/user/br/delete/1'],
  ['DELETE', '/api/admin/user/br/delete/1'],
];

/** Every admin GraphQL operation. */
const GRAPHQL_OPERATIONS: Array<[name: string, document: string]> = [
  ['adminUsers', '{ adminUsers { total } }'],
  [
    'createUser',
    'mutation { createUser(input: { name: "A B", email: "c.d@example.com", mobile: "+1 555 0100", roleType: "user", password: "password-1", passwordConfirmation: "password-1" }) { id } }',
  ],
  ['updateUser', 'mutation { updateUser(id: 1, input: { name: "A B" }) { id } }'],
  ['deleteUser', 'mutation { deleteUser(id: 1) }'],
  ['adminModules', '{ adminModules { total } }'],
  ['createModule', 'mutation { createModule(input: { name: "M" }) { id } }'],
  ['updateModule', 'mutation { updateModule(id: 1, input: { name: "M" }) { id } }'],
  ['deleteModule', 'mutation { deleteModule(id: 1) }'],
  ['adminModes', '{ adminModes { total } }'],
  ['createMode', 'mutation { createMode(input: { name: "P", moduleId: [1] }) { id } }'],
  ['updateMode', 'mutation { updateMode(id: 1, input: { name: "P", moduleId: [1] }) { id } }'],
  ['deleteMode', 'mutation { deleteMode(id: 1) }'],
  ['adminModeTypes', '{ adminModeTypes { total } }'],
  ['createModeType', 'mutation { createModeType(input: { topLeft: "L", topRight: "R", modeId: 1 }) { id } }'],
  [
    'updateModeType',
    'mutation { updateModeType(id: 1, input: { topLeft: "L", topRight: "R", modeId: 1 }) { id } }',
  ],
  ['deleteModeType', 'mutation { deleteModeType(id: 1) }'],
  ['adminAuditLog', '{ adminAuditLog { total } }'],
  ['adminDashboard', '{ adminDashboard { modes } }'],
  ['adminDeadLetters', '{ adminDeadLetters { nextAfter } }'],
  ['adminRetryDeadLetter', 'mutation { adminRetryDeadLetter(sequence: 1) { sequence } }'],
  ['adminRecords', '{ adminRecords(family: tr) { total } }'],
  ['adminSignatureRecords', '{ adminSignatureRecords { total } }'],
  ['updateRecord', 'mutation { updateRecord(family: tl, id: 1, input: { status: 1 }) { id } }'],
  ['updateSignatureRecord', 'mutation { updateSignatureRecord(id: 1, input: { status: 1 }) { id } }'],
  ['deleteRecord', 'mutation { deleteRecord(family: br, id: 1) }'],
  ['regenerateRecord', 'mutation { regenerateRecord(family: tr, id: 1, model: "gpt-4o") { jobId } }'],
  ['adminAiCalls', '{ adminAiCalls { total } }'],
  ['adminAiCall', '{ adminAiCall(id: 1) { id } }'],
  ['adminAiCallsCsv', '{ adminAiCallsCsv { rows } }'],
  ['adminAiUsage', '{ adminAiUsage { days { calls } } }'],
];

/** Every admin operation on the bus, for the service's own check (a caller that got past a gateway). */
const BUS_OPERATIONS: Array<[Operation, unknown]> = [
  ...Object.values(adminUserOperations).map((operation): [Operation, unknown] => [
    operation,
    requestFor(operation),
  ]),
  ...[moduleOperations, modeOperations, modeTypeOperations].flatMap((operations) =>
    Object.values(operations).map((operation): [Operation, unknown] => [operation, requestFor(operation)]),
  ),
  [auditOperations.list, {}],
  [dashboardOperations.figures, {}],
  [deadLetterOperations.list, {}],
  [deadLetterOperations.retry, { sequence: 1 }],
];

/** The record and AI Calls operations of the AI worker and the signature service: each asks the admin service for the stored role. */
const RECORD_BUS_OPERATIONS: Array<[Operation, unknown]> = [
  [aiRecordOperations.list, { family: 'tr' }],
  [aiRecordOperations.update, { family: 'tl', id: 1, status: 1 }],
  [aiRecordOperations.delete, { family: 'bl', id: 1 }],
  [aiRecordOperations.counts, {}],
  [aiRecordOperations.regenerate, { family: 'tl', id: 1, model: 'gpt-4o' }],
  [signatureRecordOperations.list, {}],
  [signatureRecordOperations.update, { id: 1, status: 1 }],
  [signatureRecordOperations.delete, { id: 1 }],
  [signatureRecordOperations.counts, {}],
  [aiCallOperations.list, {}],
  [aiCallOperations.get, { id: 1 }],
  [aiCallOperations.export, {}],
  [aiCallOperations.usage, {}],
];

function requestFor(operation: Operation): unknown {
  const route = REST_ROUTES.find(([method, path]) => {
    const kind = operation.name.split('.')[1];
    const verb = { list: 'list', create: 'store', update: 'update', delete: 'delete' }[kind!];
    const area = { users: 'user', modules: 'modules', modes: 'mode', modeTypes: 'modetype' }[
      operation.name.split('.')[0]!
    ];
    return method !== 'DELETE' && path.startsWith(`/api/admin/${area}/${verb}`);
  });
  return { ...(route?.[2] as object), id: 1 };
}

describe('every admin operation is refused to anyone but an admin', () => {
  const restCases = REST_ROUTES.map(([method, path, body]) => ({ method, path, body }));
  it.each(restCases)(
    'REST $method $path: 401 without a token or for a deactivated user, 403 for a regular user',
    async ({ method, path, body }) => {
      const anonymous = await requestJson(fixture.product.baseUrl, method, path, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('You are not authenticated. Please log in.');
      const regular = await requestJson(fixture.product.baseUrl, method, path, {
        body,
        token: fixture.userToken,
      });
      expect(regular.status).toBe(403);
      expect(regular.body.message).toBe('This action is unauthorized.');
      const deactivated = await requestJson(fixture.product.baseUrl, method, path, {
        body,
        token: deactivatedToken,
      });
      expect(deactivated.status).toBe(401);
      expect(deactivated.body.message).toBe('Your session has ended. Please log in again.');
    },
  );

  it.each(GRAPHQL_OPERATIONS)(
    'GraphQL %s: UNAUTHENTICATED without a token or for a deactivated user, FORBIDDEN for a regular user',
    async (_name, document) => {
      const anonymous = await graphql(fixture.product.baseUrl, document);
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const regular = await graphql(fixture.product.baseUrl, document, {}, fixture.userToken);
      expect(regular.body.errors?.[0]).toMatchObject({
        message: 'This action is unauthorized.',
        extensions: { code: 'FORBIDDEN' },
      });
      const deactivated = await graphql(fixture.product.baseUrl, document, {}, deactivatedToken);
      expect(deactivated.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    },
  );

  it.each(
    RECORD_BUS_OPERATIONS.map(([operation, request]) => [operation.subject, operation, request] as const),
  )(
    'the owning service itself refuses %s to a regular user whose context claims Admin',
    async (_subject, operation, request) => {
      // The user's own session with the role claimed: the role no longer matches the session's, or the stored one.
      const context = { actor: { ...contextOf(fixture.userToken).actor!, role: 'Admin' } };
      const refusal = await fixture.product.bus.request(operation.subject, request, { context }).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(refusal);
    },
  );

  it.each(BUS_OPERATIONS.map(([operation, request]) => [operation.subject, operation, request] as const))(
    'the admin service itself refuses %s to a regular user whose context claims Admin',
    async (_subject, operation, request) => {
      const context = { actor: { ...contextOf(fixture.userToken).actor!, role: 'Admin' } };
      await expect(
        fixture.product.bus.request(operation.subject, request, { context }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    },
  );

  it('covers every admin operation of the registry (the operations whose access rule is admin)', () => {
    const adminOnly = OPERATIONS.filter(
      (operation) => operation.service === 'admin' && accessOf(operation.subject)?.kind === 'admin',
    ).map((operation) => operation.subject);
    expect(BUS_OPERATIONS.map(([operation]) => operation.subject).sort()).toEqual(adminOnly.sort());
    const recordSubjects = OPERATIONS.filter(
      (operation) => operation.name.startsWith('records.') || operation.name.startsWith('calls.'),
    ).map((operation) => operation.subject);
    expect(RECORD_BUS_OPERATIONS.map(([operation]) => operation.subject).sort()).toEqual(
      recordSubjects.sort(),
    );
    // GraphQL: one per admin operation, plus the 6 record queries and mutations (counts has none;
    // the recordChanged subscription's refusal is in records-graphql.test.ts) and the 4 AI Calls queries (the
    // aiCallRecorded subscription's refusal is in ai-calls.test.ts).
    expect(GRAPHQL_OPERATIONS).toHaveLength(adminOnly.length + 6 + 4);
  });
});

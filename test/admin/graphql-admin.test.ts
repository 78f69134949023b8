import { graphql } from '../support/http';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture();
});
afterAll(() => fixture.product.stop());

const asAdmin = (query: string, variables: Record<string, unknown> = {}) =>
  graphql(fixture.product.baseUrl, query, variables, fixture.adminToken);

describe('GraphQL: the admin catalogue and users', () => {
  it('creates a module, a mode of it and a mode type of that, and lists them', async () => {
    const module = await asAdmin('mutation { createModule(input: { name: "Place" }) { id name status } }');
    expect(module.body.data.createModule).toMatchObject({ name: 'Place', status: 'Active' });
    const moduleId = module.body.data.createModule.id;

    const mode = await asAdmin(
      'mutation ($moduleId: [Int!]!) { createMode(input: { name: "Power", moduleId: $moduleId }) { id moduleId modules } }',
      { moduleId: [moduleId] },
    );
    expect(mode.body.data.createMode).toMatchObject({ moduleId: [moduleId], modules: 'Place' });
    const modeId = mode.body.data.createMode.id;

    const modeType = await asAdmin(
      'mutation ($modeId: Int!) { createModeType(input: { topLeft: "TL", topRight: "TR", modeId: $modeId }) { id mode { name } } }',
      { modeId },
    );
    expect(modeType.body.data.createModeType.mode).toEqual({ name: 'Power' });

    const lists = await asAdmin(
      '{ adminModules { total } adminModes { data { name modules } } adminModeTypes { data { topLeft topRight modeId } } }',
    );
    expect(lists.body.data).toEqual({
      adminModules: { total: 1 },
      adminModes: { data: [{ name: 'Power', modules: 'Place' }] },
      adminModeTypes: { data: [{ topLeft: 'TL', topRight: 'TR', modeId }] },
    });
  });

  it("answers BAD_USER_INPUT with the spec's messages under camelCase fields, and NOT_FOUND for unknown ids", async () => {
    const mode = await asAdmin('mutation { createMode(input: { name: " ", moduleId: [] }) { id } }');
    expect(mode.body.errors![0]).toMatchObject({
      message: 'Name is required',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: { name: ['Name is required'], moduleId: ['Please select at least one module'] },
      },
    });
    const modeType = await asAdmin(
      'mutation { createModeType(input: { topLeft: "", topRight: "", modeId: 0 }) { id } }',
    );
    expect(modeType.body.errors![0]!.extensions!.fields).toEqual({
      topLeft: ['TL Mode is Required'],
      topRight: ['TR Mode is Required'],
      modeId: ['Parent Module Category is Required'],
    });
    const status = await asAdmin('mutation ($input: ModuleInput!) { createModule(input: $input) { id } }', {
      input: { name: 'Odd', status: 'Sometimes' },
    });
    expect(status.body.errors![0]!.extensions!.fields).toEqual({
      status: ['The selected status is invalid.'],
    });
    for (const mutation of ['deleteModule', 'deleteMode', 'deleteModeType', 'deleteUser']) {
      const missing = await asAdmin(`mutation { ${mutation}(id: 987654) }`);
      expect(missing.body.errors![0]!.extensions!.code).toBe('NOT_FOUND');
    }
  });

  it('creates, updates and deletes a user', async () => {
    const created = await asAdmin(
      `mutation { createUser(input: { name: "Mary Jackson", email: "mary@example.com", mobile: "+1 555 0111",
        roleType: "user", password: "wind tunnel 1", passwordConfirmation: "wind tunnel 1" }) { id firstName lastName status } }`,
    );
    expect(created.body.data.createUser).toMatchObject({
      firstName: 'Mary',
      lastName: 'Jackson',
      status: 'Active',
    });
    const id = created.body.data.createUser.id;
    const updated = await asAdmin(
      'mutation ($id: Int!) { updateUser(id: $id, input: { status: Inactive }) { status } }',
      {
        id,
      },
    );
    expect(updated.body.data.updateUser).toEqual({ status: 'Inactive' });
    const deleted = await asAdmin('mutation ($id: Int!) { deleteUser(id: $id) }', { id });
    expect(deleted.body.data.deleteUser).toBe(id);
    const self = await asAdmin('mutation ($id: Int!) { deleteUser(id: $id) }', { id: fixture.adminId });
    expect(self.body.errors![0]).toMatchObject({
      message: 'You cannot delete your own account.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('answers a variable outside a GraphQL enum as BAD_USER_INPUT naming the field, and stores nothing', async () => {
    const name = `Enum ${Date.now().toString(36)}`;
    const create = 'mutation ($input: ModuleInput!) { createModule(input: $input) { name status } }';
    const refused = await asAdmin(create, { input: { name, status: 'Bogus' } });
    expect(refused.body.errors![0]).toMatchObject({
      message: 'The selected status is invalid.',
      extensions: { code: 'BAD_USER_INPUT', fields: { status: ['The selected status is invalid.'] } },
    });
    const sorted = await asAdmin(
      'query ($direction: SortDirection) { adminRecords(family: tl, direction: $direction) { total } }',
      { direction: 'sideways' },
    );
    expect(sorted.body.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { direction: ['The selected direction is invalid.'] },
    });

    const stored = await asAdmin(create, { input: { name, status: 'Inactive' } });
    expect(stored.body.data.createModule).toEqual({ name, status: 'Inactive' });
    const list = await asAdmin('{ adminModules(perPage: 100) { data { name } } }');
    const named = list.body.data.adminModules.data.filter((module: { name: string }) => module.name === name);
    expect(named).toHaveLength(1);
  });
});

import { graphql } from '../support/http';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture();
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);

describe('dashboard figures', () => {
  it('counts the real modules, modes, mode types and users, by status and role', async () => {
    const empty = await admin('GET', '/api/admin/dashboard');
    expect(empty.body.data).toEqual({
      modules: { total: 0, active: 0, inactive: 0 },
      modes: 0,
      mode_types: 0,
      users: {
        total: 2,
        active: 2,
        inactive: 0,
        by_role: [
          { role_type: 'Admin', count: 1 },
          { role_type: 'user', count: 1 },
        ],
      },
      records: { tl: 0, tr: 0, bl: 0, br: 0 },
      power_per_mode: [],
    });

    const one = (await admin('POST', '/api/admin/modules/store', { name: 'One' })).body.data.id;
    await admin('POST', '/api/admin/modules/store', { name: 'Two', status: 'Inactive' });
    const mode = (await admin('POST', '/api/admin/mode/store', { name: 'Power', module_id: one })).body.data
      .id;
    await admin('POST', '/api/admin/modetype/store', { top_left: 'A', top_right: 'B', mode_id: mode });
    await admin('PUT', `/api/admin/user/update/${fixture.userId}`, { status: 'Inactive' });

    const figures = await graphql(
      fixture.product.baseUrl,
      '{ adminDashboard { modules { total active inactive } modes modeTypes users { total inactive byRole { roleType count } } records { tl tr bl br } powerPerMode { mode modeTypes } } }',
      {},
      fixture.adminToken,
    );
    expect(figures.body.data.adminDashboard).toEqual({
      modules: { total: 2, active: 1, inactive: 1 },
      modes: 1,
      modeTypes: 1,
      users: {
        total: 2,
        inactive: 1,
        byRole: [
          { roleType: 'Admin', count: 1 },
          { roleType: 'user', count: 1 },
        ],
      },
      records: { tl: 0, tr: 0, bl: 0, br: 0 },
      powerPerMode: [{ mode: 'Power', modeTypes: 1 }],
    });
  });
});

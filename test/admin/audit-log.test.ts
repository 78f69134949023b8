import { graphql } from '../support/http';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture();
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);

describe('the audit log of admin changes', () => {
  it('records who changed what, before and after, for catalogue and users, newest first', async () => {
    const module = (await admin('POST', '/api/admin/modules/store', { name: 'Audited', status: 'Active' }))
      .body.data;
    await admin('PUT', `/api/admin/modules/update/${module.id}`, { name: 'Audited', status: 'Inactive' });
    await admin('GET', `/api/admin/modules/delete/${module.id}`);

    const log = await admin('GET', `/api/admin/audit/list?entity=module&entity_id=${module.id}`);
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(3);
    const [deleted, updated, created] = log.body.data.data;
    expect(created).toMatchObject({
      actor_id: fixture.adminId,
      entity: 'module',
      action: 'created',
      before: null,
      after: { id: module.id, name: 'Audited', status: 'Active' },
    });
    expect(updated).toMatchObject({
      action: 'updated',
      changed: ['status'],
      before: { status: 'Active' },
      after: { status: 'Inactive' },
    });
    expect(deleted).toMatchObject({ action: 'deleted', after: null, before: { name: 'Audited' } });
    expect(Date.parse(created.created_at)).not.toBeNaN();
  });

  it('never stores a password: a password change is named, its value is not', async () => {
    const body = {
      name: 'Audit Person',
      email: 'audit.person@example.com',
      mobile: '+1 555 0142',
      role_type: 'user',
      password: 'first secret pw',
      password_confirmation: 'first secret pw',
    };
    const { id } = (await admin('POST', '/api/admin/user/store', body)).body.data;
    await admin('PUT', `/api/admin/user/update/${id}`, {
      password: 'second secret pw',
      password_confirmation: 'second secret pw',
    });
    const log = await admin('GET', `/api/admin/audit/list?entity=user&entity_id=${id}`);
    expect(log.body.data.data.map((entry: { action: string }) => entry.action)).toEqual([
      'updated',
      'created',
    ]);
    expect(log.body.data.data[0].changed).toEqual(['password']);
    expect(JSON.stringify(log.body)).not.toMatch(/secret pw|argon2|password_hash/);
  });

  it('filters by action and actor, and refuses an unknown filter value with a 422', async () => {
    const deletions = await admin('GET', `/api/admin/audit/list?action=deleted&actor_id=${fixture.adminId}`);
    expect(deletions.body.data.data.length).toBeGreaterThan(0);
    expect(deletions.body.data.data.every((entry: { action: string }) => entry.action === 'deleted')).toBe(
      true,
    );
    const bad = await admin('GET', '/api/admin/audit/list?entity=planet&action=exploded');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      entity: ['The selected entity is invalid.'],
      action: ['The selected action is invalid.'],
    });
  });

  it('reads the same log over GraphQL', async () => {
    const result = await graphql(
      fixture.product.baseUrl,
      'query { adminAuditLog(entity: module, perPage: 1) { total perPage data { action entity actorId after } } }',
      {},
      fixture.adminToken,
    );
    expect(result.body.data.adminAuditLog).toMatchObject({
      total: 3,
      perPage: 1,
      data: [{ action: 'deleted', entity: 'module', actorId: fixture.adminId, after: null }],
    });
  });
});

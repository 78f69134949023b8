import { accountEvents, type PayloadOf } from '@promptloom/proto';
import { onEvent } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
const updates: Array<PayloadOf<typeof accountEvents.userUpdated>> = [];
const deletions: number[] = [];
beforeAll(async () => {
  fixture = await startAdminFixture();
  await onEvent(
    fixture.product.bus,
    accountEvents.userUpdated,
    async (payload) => void updates.push(payload),
  );
  await onEvent(
    fixture.product.bus,
    accountEvents.userDeleted,
    async ({ userId }) => void deletions.push(userId),
  );
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);
let counter = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Katherine Coleman Johnson',
  email: `katherine.${++counter}@example.com`,
  mobile: '+1 555 0199',
  role_type: 'user',
  status: 'Active',
  password: 'orbital mechanics',
  password_confirmation: 'orbital mechanics',
  ...overrides,
});
const login = (email: string, password: string) =>
  requestJson(fixture.product.baseUrl, 'POST', '/api/login', { body: { email, password } });

describe('REST: admin user management', () => {
  it('creates a user who can sign in, storing the one name field as first and last name', async () => {
    const body = form();
    const created = await admin('POST', '/api/admin/user/store', body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: 'User Create Successfully',
      data: expect.objectContaining({
        first_name: 'Katherine',
        last_name: 'Coleman Johnson',
        name: 'Katherine Coleman Johnson',
        email: body.email,
        role_type: 'user',
        status: 'Active',
      }),
    });
    expect(JSON.stringify(created.body)).not.toContain('orbital');
    expect((await login(body.email, body.password)).status).toBe(200);
  });

  it('updates without a password (keeping it), then with one, and publishes user.updated each time', async () => {
    const body = form();
    const { id } = (await admin('POST', '/api/admin/user/store', body)).body.data;
    const renamed = await admin('PUT', `/api/admin/user/update/${id}`, {
      ...body,
      name: 'Dorothy Vaughan',
      password: '',
      password_confirmation: '',
    });
    expect(renamed.body).toEqual({
      message: 'User Updated successfully',
      data: expect.objectContaining({ id, first_name: 'Dorothy', last_name: 'Vaughan' }),
    });
    expect((await login(body.email, body.password)).status).toBe(200);

    await admin('PUT', `/api/admin/user/update/${id}`, {
      password: 'a new password',
      password_confirmation: 'a new password',
    });
    expect((await login(body.email, body.password)).status).toBe(422);
    expect((await login(body.email, 'a new password')).status).toBe(200);
    await waitFor(
      () => updates.filter((update) => update.user.id === id).length === 2,
      'two user.updated events',
    );
  });

  it('deletes a user with GET and DELETE, publishing user.deleted so other services remove their records', async () => {
    for (const method of ['GET', 'DELETE']) {
      const { id } = (await admin('POST', '/api/admin/user/store', form())).body.data;
      const deleted = await admin(method, `/api/admin/user/delete/${id}`);
      expect(deleted.body).toEqual({ message: 'User Delete Successfully', data: { id } });
      await waitFor(() => deletions.includes(id), 'the user.deleted event');
      expect((await admin(method, `/api/admin/user/delete/${id}`)).status).toBe(404);
    }
  });

  it('refuses bad forms with field messages: taken email, mismatched or short password, unknown status', async () => {
    const body = form();
    await admin('POST', '/api/admin/user/store', body);
    const taken = await admin('POST', '/api/admin/user/store', { ...body, email: body.email.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const bad = await admin('POST', '/api/admin/user/store', {
      ...form(),
      status: 'Maybe',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      status: ['The selected status is invalid.'],
      password: ['The password field must be at least 8 characters.'],
    });
    const mismatch = await admin('PUT', '/api/admin/user/update/1', {
      password: 'long enough 1',
      password_confirmation: 'nope',
    });
    expect(mismatch.body.errors).toEqual({
      password_confirmation: ['The password field confirmation does not match.'],
    });
    expect((await admin('PUT', '/api/admin/user/update/999999', { name: 'Nobody' })).status).toBe(404);
  });

  it('never lets an admin delete, demote or deactivate themselves', async () => {
    const self = fixture.adminId;
    const remove = await admin('GET', `/api/admin/user/delete/${self}`);
    expect(remove.status).toBe(422);
    expect(remove.body.errors).toEqual({ id: ['You cannot delete your own account.'] });
    const demote = await admin('PUT', `/api/admin/user/update/${self}`, { role_type: 'user' });
    expect(demote.body.errors).toEqual({
      role_type: ['You cannot remove your own admin role or deactivate yourself.'],
    });
    const deactivate = await admin('PUT', `/api/admin/user/update/${self}`, { status: 'Inactive' });
    expect(deactivate.body.errors).toEqual({
      status: ['You cannot remove your own admin role or deactivate yourself.'],
    });
    expect((await admin('GET', '/api/admin/user/list')).status).toBe(200);
  });

  // Last in this file: it may demote the fixture's admin.
  it('keeps the last active admin: two admins demoting each other at once leave one admin', async () => {
    const second = form({ role_type: 'admin' });
    const created = await admin('POST', '/api/admin/user/store', second);
    expect(created.body.data.role_type).toBe('Admin');
    const secondToken = (await login(second.email, second.password)).body.access_token;
    const [first, other] = await Promise.all([
      admin('PUT', `/api/admin/user/update/${created.body.data.id}`, { role_type: 'user' }),
      requestJson(fixture.product.baseUrl, 'PUT', `/api/admin/user/update/${fixture.adminId}`, {
        token: secondToken,
        body: { role_type: 'user' },
      }),
    ]);
    // The loser is refused by the guard (403: no longer an admin) or, if it passed the guard first, by the
    // last-admin rule under the users lock (422).
    const statuses = [first.status, other.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([403, 422]).toContain(statuses.find((status) => status !== 200));
    const loser = first.status === 200 ? other : first;
    if (loser.status === 422) {
      expect(loser.body.errors).toEqual({
        id: ['The last active admin cannot be deleted, demoted or deactivated.'],
      });
    }
    const survivorToken = first.status === 200 ? fixture.adminToken : secondToken;
    const users = await requestJson(fixture.product.baseUrl, 'GET', '/api/admin/user/list?per_page=100', {
      token: survivorToken,
    });
    const activeAdmins = users.body.data.data.filter(
      (user: { role_type: string; status: string }) => user.role_type === 'Admin' && user.status === 'Active',
    );
    expect(activeAdmins).toHaveLength(1);
  });
});

import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { subscribe } from '../support/subscriptions';
import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture();
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);

describe('live admin tables over graphql-ws', () => {
  it('delivers each catalogue change to a subscribed admin as it commits', async () => {
    const modules = await subscribe(
      fixture.product.baseUrl,
      'subscription { moduleChanged { action sequence module { id name status } } }',
      fixture.adminToken,
    );
    const modes = await subscribe(
      fixture.product.baseUrl,
      'subscription { modeChanged { action mode { name modules } } }',
      fixture.adminToken,
    );
    const modeTypes = await subscribe(
      fixture.product.baseUrl,
      'subscription { modeTypeChanged { action modeType { topLeft mode { name } } } }',
      fixture.adminToken,
    );

    const module = (await admin('POST', '/api/admin/modules/store', { name: 'Live' })).body.data;
    const mode = (await admin('POST', '/api/admin/mode/store', { name: 'Live Mode', module_id: module.id }))
      .body.data;
    const modeType = (
      await admin('POST', '/api/admin/modetype/store', { top_left: 'L', top_right: 'R', mode_id: mode.id })
    ).body.data;
    await admin('GET', `/api/admin/modetype/delete/${modeType.id}`);
    await admin('PUT', `/api/admin/modules/update/${module.id}`, { name: 'Live', status: 'Inactive' });

    await waitFor(
      () => modules.received.length === 2 && modeTypes.received.length === 2,
      'the changes',
      5000,
    );
    expect(
      modules.received.map((event: any) => [event.moduleChanged.action, event.moduleChanged.module.status]),
    ).toEqual([
      ['created', 'Active'],
      ['updated', 'Inactive'],
    ]);
    expect(modules.received[1].moduleChanged.sequence).toBeGreaterThan(
      modules.received[0].moduleChanged.sequence,
    );
    expect(modes.received).toEqual([
      { modeChanged: { action: 'created', mode: { name: 'Live Mode', modules: 'Live' } } },
    ]);
    expect(modeTypes.received.map((event: any) => event.modeTypeChanged)).toEqual([
      { action: 'created', modeType: { topLeft: 'L', mode: { name: 'Live Mode' } } },
      { action: 'deleted', modeType: { topLeft: 'L', mode: { name: 'Live Mode' } } },
    ]);
    await Promise.all([modules.close(), modes.close(), modeTypes.close()]);
  });

  it('delivers user updates and deletions', async () => {
    const updated = await subscribe(
      fixture.product.baseUrl,
      'subscription { userUpdated { id status } }',
      fixture.adminToken,
    );
    const deleted = await subscribe(
      fixture.product.baseUrl,
      'subscription { userDeleted { userId sequence } }',
      fixture.adminToken,
    );
    await admin('PUT', `/api/admin/user/update/${fixture.userId}`, { status: 'Inactive' });
    await admin('GET', `/api/admin/user/delete/${fixture.userId}`);
    await waitFor(
      () => updated.received.length === 1 && deleted.received.length === 1,
      'the user changes',
      5000,
    );
    expect(updated.received[0]).toEqual({ userUpdated: { id: fixture.userId, status: 'Inactive' } });
    expect(deleted.received[0].userDeleted).toEqual({ userId: fixture.userId, sequence: expect.any(Number) });
    await Promise.all([updated.close(), deleted.close()]);
  });

  it.each([
    'moduleChanged { action }',
    'modeChanged { action }',
    'modeTypeChanged { action }',
    'userUpdated { id }',
    'userDeleted { userId }',
  ])('refuses subscription { %s } to a regular user', async (selection) => {
    // A user of its own: the fixture's user is deleted above, and a deleted user's token no longer opens a socket.
    const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const regular = await subscribe(
      fixture.product.baseUrl,
      `subscription { ${selection} }`,
      signup.body.access_token,
    );
    await waitFor(() => regular.error() !== null, 'a refusal');
    expect(JSON.stringify(regular.error())).toContain('FORBIDDEN');
    await regular.close();
  });
});

import { waitFor } from '@promptloom/shared/testing';
import { graphql } from '../support/http';
import { subscribe } from '../support/subscriptions';
import { startRecordsFixture, type RecordsFixture } from './records-fixture';

let fixture: RecordsFixture;
beforeAll(async () => {
  fixture = await startRecordsFixture();
});
afterAll(() => fixture.product.stop());

const asAdmin = (query: string) => graphql(fixture.product.baseUrl, query, {}, fixture.adminToken);

describe('admin records over GraphQL', () => {
  it('lists, searches, sorts, updates and deletes, and counts them on the dashboard', async () => {
    const page = await asAdmin(
      '{ adminRecords(family: tr, search: "lovelace", sort: "ai_response", direction: desc, perPage: 5) { currentPage lastPage total data { id userName aiResponse aiReason status } } }',
    );
    expect(page.body.data.adminRecords).toMatchObject({ currentPage: 1, lastPage: 3, total: 12 });
    expect(page.body.data.adminRecords.data[0]).toMatchObject({
      userName: 'Ada Lovelace',
      aiResponse: 'Pro Yew',
      aiReason: null,
      status: 1,
    });
    const id = page.body.data.adminRecords.data[0].id;

    const updated = await asAdmin(
      `mutation { updateRecord(family: tr, id: ${id}, input: { aiModel: "gpt-4o", status: 0 }) { id aiModel status } }`,
    );
    expect(updated.body.data.updateRecord).toEqual({ id, aiModel: 'gpt-4o', status: 0 });
    const badStatus = await asAdmin(
      `mutation { updateRecord(family: tr, id: ${id}, input: { status: 7 }) { id } }`,
    );
    expect(badStatus.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { status: ['The selected status is invalid.'] },
    });
    const badSort = await asAdmin('{ adminRecords(family: tl, sort: "nope") { total } }');
    expect(badSort.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await asAdmin('mutation { deleteRecord(family: tl, id: 999999) }');
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const signatures = await asAdmin(
      '{ adminSignatureRecords(search: "ada") { total data { id username signature } } }',
    );
    expect(signatures.body.data.adminSignatureRecords.total).toBe(1);
    const signatureId = signatures.body.data.adminSignatureRecords.data[0].id;
    const renamed = await asAdmin(
      `mutation { updateSignatureRecord(id: ${signatureId}, input: { username: "Countess" }) { username status } }`,
    );
    expect(renamed.body.data.updateSignatureRecord).toEqual({ username: 'Countess', status: 1 });
    expect(
      (await asAdmin(`mutation { deleteRecord(family: br, id: ${signatureId}) }`)).body.data.deleteRecord,
    ).toBe(signatureId);
    expect((await asAdmin(`mutation { deleteRecord(family: tr, id: ${id}) }`)).body.data.deleteRecord).toBe(
      id,
    );

    const dashboard = await asAdmin('{ adminDashboard { records { tl tr bl br } } }');
    expect(dashboard.body.data.adminDashboard.records).toEqual({ tl: 4, tr: 14, bl: 4, br: 1 });
  });

  it('delivers each admin record change live to admins, and refuses regular users', async () => {
    const refused = await subscribe(
      fixture.product.baseUrl,
      'subscription { recordChanged { id } }',
      fixture.userToken,
    );
    await waitFor(() => refused.error(), 'the refusal of a regular user');
    expect(JSON.stringify(refused.error())).toContain('FORBIDDEN');
    await refused.close();

    const live = await subscribe(
      fixture.product.baseUrl,
      'subscription { recordChanged(family: bl) { action family id actorId record { aiResponse } } }',
      fixture.adminToken,
    );
    const row = (await fixture.asAdmin('GET', '/api/admin/user/bl/list?search=grace')).body.data.data[0];
    await fixture.asAdmin('PUT', `/api/admin/user/bl/update/${row.id}`, { ai_response: 'Dawn' });
    await fixture.asAdmin('GET', `/api/admin/user/bl/delete/${row.id}`);
    await waitFor(() => live.received.length === 2, 'two record changes');
    expect(live.received.map((event) => event.recordChanged)).toEqual([
      {
        action: 'updated',
        family: 'bl',
        id: row.id,
        actorId: fixture.adminId,
        record: { aiResponse: 'Dawn' },
      },
      { action: 'deleted', family: 'bl', id: row.id, actorId: fixture.adminId, record: null },
    ]);
    await live.close();
  });
});

import { waitFor } from '@promptloom/shared/testing';
import { startRecordsFixture, type RecordsFixture } from './records-fixture';

let fixture: RecordsFixture;
beforeAll(async () => {
  fixture = await startRecordsFixture();
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);

describe('admin record lists over REST', () => {
  it('pages every user’s TR records with their names: 10 by default, per_page up to 100', async () => {
    const first = await admin('GET', '/api/admin/user/tr/list?page=1');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 15 });
    expect(first.body.data.data).toHaveLength(10);
    expect(first.body.data.data[0]).toMatchObject({
      family: 'tr',
      user_id: fixture.ada.id,
      user_name: 'Ada Lovelace',
      levels: 1,
      ai_model: 'gpt-4o',
      frequency: 12,
      ai_response: 'Pro Alder',
      ai_reason: null,
      status: 1,
    });
    const all = await admin('GET', '/api/admin/user/tr/list?per_page=100');
    expect(all.body.data).toMatchObject({ current_page: 1, last_page: 1, total: 15 });
    expect(
      all.body.data.data.filter((row: { user_name: string }) => row.user_name === 'Grace Hopper'),
    ).toHaveLength(3);
  });

  it('searches every page on the server: user name, AI model, AI response, numbers', async () => {
    const byName = await admin('GET', '/api/admin/user/tr/list?search=hopper');
    expect(byName.body.data.total).toBe(3);
    expect(byName.body.data.data.map((row: { ai_response: string }) => row.ai_response)).toEqual([
      'Compass',
      'Anchor',
      'Lantern',
    ]);
    expect((await admin('GET', '/api/admin/user/tr/list?search=GPT-4-TURBO')).body.data.total).toBe(3);
    expect((await admin('GET', '/api/admin/user/tr/list?search=pro%20oa')).body.data.total).toBe(1);
    // A number matches levels, frequency or status equal to it: frequency 12 (Ada's run), 3 (Grace's).
    expect((await admin('GET', '/api/admin/user/tr/list?search=3')).body.data.total).toBe(3);
    expect((await admin('GET', '/api/admin/user/tr/list?search=12')).body.data.total).toBe(12);
    expect((await admin('GET', '/api/admin/user/tr/list?search=50%25')).body.data.total).toBe(0);
  });

  it('sorts by any column, both ways', async () => {
    const byResponse = await admin(
      'GET',
      '/api/admin/user/tr/list?sort=ai_response&direction=desc&per_page=2',
    );
    expect(byResponse.body.data.data.map((row: { ai_response: string }) => row.ai_response)).toEqual([
      'Pro Yew',
      'Pro Rowan',
    ]);
    const byName = await admin('GET', '/api/admin/user/tr/list?sort=user_name&per_page=1');
    expect(byName.body.data.data[0].user_name).toBe('Ada Lovelace');
    const byNameDesc = await admin('GET', '/api/admin/user/tr/list?sort=user_name&direction=desc&per_page=1');
    expect(byNameDesc.body.data.data[0].user_name).toBe('Grace Hopper');
  });

  it('answers bad paging, sort and search input with 422s and a page past the last with the last page', async () => {
    const cases: Array<[string, string, string]> = [
      ['page=abc', 'page', 'The page must be a number.'],
      ['per_page=-1', 'per_page', 'The per page must be at least 1.'],
      ['per_page=101', 'per_page', 'The per page must not be greater than 100.'],
      ['sort=password', 'sort', 'The sort must be one of'],
      ['direction=up', 'direction', 'The direction must be asc or desc.'],
      ['status=2', 'status', 'The selected status is invalid.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin('GET', `/api/admin/user/tl/list?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.errors[field][0]).toContain(message);
    }
    const past = await admin('GET', '/api/admin/user/tr/list?page=99');
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ current_page: 2, last_page: 2 });
    expect(past.body.data.data).toHaveLength(5);
  });

  it('updates a TL, TR and BL record with the spec’s toasts; the owner’s list follows', async () => {
    for (const [family, toast] of [
      ['tl', 'TL Data Updated successfully'],
      ['tr', 'TR Data Updated successfully'],
      ['bl', 'BL Data Updated successfully'],
    ] as const) {
      const row = (await admin('GET', `/api/admin/user/${family}/list?search=lovelace`)).body.data.data[0];
      const updated = await admin('PUT', `/api/admin/user/${family}/update/${row.id}`, {
        levels: '2',
        ai_model: 'gpt-4-turbo',
        frequency: '7',
        ai_response: 'Edited',
        status: '0',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        message: toast,
        data: {
          id: row.id,
          levels: 2,
          ai_model: 'gpt-4-turbo',
          frequency: 7,
          ai_response: 'Edited',
          status: 0,
        },
      });
    }
    const own = await fixture.asAdmin('GET', `/api/ai/response/tl/get/${fixture.ada.id}`);
    expect(own.body.ai_response.map((item: { ai_response: string }) => item.ai_response)).toContain('Edited');
  });

  it('refuses an unknown status, bad levels, a wrong family and unknown ids', async () => {
    const row = (await admin('GET', '/api/admin/user/bl/list')).body.data.data[0];
    const badStatus = await admin('PUT', `/api/admin/user/bl/update/${row.id}`, { status: '' });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors.status).toEqual(['The selected status is invalid.']);
    const badLevels = await admin('PUT', `/api/admin/user/bl/update/${row.id}`, { levels: 9 });
    expect(badLevels.status).toBe(422);
    expect((await admin('PUT', `/api/admin/user/tl/update/${row.id}`, { status: 1 })).status).toBe(404);
    expect((await admin('PUT', '/api/admin/user/bl/update/999999', { status: 1 })).status).toBe(404);
    expect((await admin('GET', '/api/admin/user/bl/delete/999999')).status).toBe(404);
    expect((await admin('PUT', '/api/admin/user/br/update/999999', { status: 1 })).status).toBe(404);
    expect((await admin('DELETE', '/api/admin/user/br/delete/999999')).status).toBe(404);
    expect((await admin('GET', '/api/admin/user/bl/delete/abc')).status).toBe(422);
  });

  it('lists, updates and deletes BR records (saved signatures)', async () => {
    const list = await admin('GET', '/api/admin/user/br/list?search=grace');
    expect(list.body.data).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    const row = list.body.data.data[0];
    expect(row).toMatchObject({
      user_id: fixture.grace.id,
      username: 'Grace Hopper',
      signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
      signatureElements: ['Light', 'Shadow'],
      status: 1,
    });
    const updated = await admin('PUT', `/api/admin/user/br/update/${row.id}`, {
      username: 'Rear Admiral Hopper',
      signatureElements: 'Light,Shadow,Mist',
      signature: 'A1,B2,C3,D4,E5,F6',
      status: '0',
    });
    expect(updated.body).toMatchObject({
      message: 'TR Data Updated successfully',
      data: { username: 'Rear Admiral Hopper', signatureElements: ['Light', 'Shadow', 'Mist'], status: 0 },
    });
    const tooShort = await admin('PUT', `/api/admin/user/br/update/${row.id}`, { signature: 'A,B' });
    expect(tooShort.status).toBe(422);
    const owner = await fixture.asAdmin('GET', `/api/br/signature/get/${fixture.grace.id}`);
    expect(owner.body.data).toMatchObject({ username: 'Rear Admiral Hopper', status: '0' });

    const deleted = await admin('GET', `/api/admin/user/br/delete/${row.id}`);
    expect(deleted.body).toEqual({ message: 'BR Delete Successfully', data: { id: row.id } });
    expect((await admin('GET', `/api/admin/user/br/delete/${row.id}`)).status).toBe(404);
  });

  it('deletes TL/TR/BL records with the toasts, and audits every record change with its actor', async () => {
    const toasts = {
      tl: 'TL Delete Successfully',
      tr: 'TR Delete Successfully',
      bl: 'BL Delete Successfully',
    };
    for (const [family, toast] of Object.entries(toasts)) {
      const row = (await admin('GET', `/api/admin/user/${family}/list?search=hopper`)).body.data.data[0];
      const deleted = await admin('DELETE', `/api/admin/user/${family}/delete/${row.id}`);
      expect(deleted.body).toEqual({ message: toast, data: { id: row.id } });
    }
    const audit = await waitFor(async () => {
      const page = (await admin('GET', '/api/admin/audit/list?entity=tr_record&action=deleted')).body.data;
      expect(page.total).toBe(1);
      return page.data[0];
    }, 'the audit entry of the TR delete');
    expect(audit).toMatchObject({ actor_id: fixture.adminId, action: 'deleted', after: null });
    expect(audit.before).toMatchObject({ user_name: 'Grace Hopper', family: 'tr' });
    await waitFor(async () => {
      const page = (await admin('GET', '/api/admin/audit/list?entity=br_record')).body.data;
      expect(page.data.map((entry: { action: string }) => entry.action).sort()).toEqual([
        'deleted',
        'updated',
      ]);
      return true;
    }, 'the audit entries of the BR update and delete');
  });
});

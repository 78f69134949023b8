import { startAdminFixture, type AdminFixture } from './admin-fixture';

let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture();
});
afterAll(() => fixture.product.stop());

const admin = (method: string, path: string, body?: unknown) => fixture.asAdmin(method, path, body);

describe('REST: modules', () => {
  it('creates, lists under `modules`, updates and deletes, with the spec toasts', async () => {
    const created = await admin('POST', '/api/admin/modules/store', { name: 'Creative', status: 'Active' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: 'Create Module Successfully',
      data: { id: expect.any(Number), name: 'Creative', status: 'Active' },
    });
    const id = created.body.data.id;

    const list = await admin('GET', '/api/admin/modules/list');
    expect(list.body.modules).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(list.body.modules.data).toEqual([{ id, name: 'Creative', status: 'Active' }]);

    const updated = await admin('PUT', `/api/admin/modules/update/${id}`, {
      name: 'Creativity',
      status: 'Inactive',
    });
    expect(updated.body).toEqual({
      message: 'Updated Module successfully',
      data: { id, name: 'Creativity', status: 'Inactive' },
    });

    const deleted = await admin('GET', `/api/admin/modules/delete/${id}`);
    expect(deleted.body).toEqual({ message: 'Module Delete Successfully', data: { id } });
    expect((await admin('GET', '/api/admin/modules/list')).body.modules.total).toBe(0);
  });

  it('refuses a taken name (whatever its case), an unknown status and a missing name with 422s', async () => {
    await admin('POST', '/api/admin/modules/store', { name: 'Place', status: 'Active' });
    const taken = await admin('POST', '/api/admin/modules/store', { name: 'PLACE', status: 'Active' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    const bad = await admin('POST', '/api/admin/modules/store', { name: '  ', status: 'Sometimes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['The name field is required.'],
      status: ['The selected status is invalid.'],
    });
  });

  it('answers 404 for unknown ids on update and both deletes, 422 for a non-numeric id', async () => {
    expect((await admin('PUT', '/api/admin/modules/update/99999', { name: 'X' })).status).toBe(404);
    expect((await admin('GET', '/api/admin/modules/delete/99999')).status).toBe(404);
    expect((await admin('DELETE', '/api/admin/modules/delete/99999')).status).toBe(404);
    const malformed = await admin('GET', '/api/admin/modules/delete/abc');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: ['The id must be a number.'] });
  });
});

describe('REST: modes', () => {
  let creative: number;
  let product: number;
  beforeAll(async () => {
    creative = (await admin('POST', '/api/admin/modules/store', { name: 'Mode Creative' })).body.data.id;
    product = (await admin('POST', '/api/admin/modules/store', { name: 'Mode Product' })).body.data.id;
  });

  it('takes the old client posting once per module, and lists one entry per name with joined module names', async () => {
    const first = await admin('POST', '/api/admin/mode/store', { name: 'Power', module_id: creative });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Modes Added Successfully');
    const second = await admin('POST', '/api/admin/mode/store', {
      name: 'Power',
      module_id: String(product),
    });
    expect(second.status).toBe(201);
    expect(second.body.data).toEqual({
      id: first.body.data.id,
      name: 'Power',
      module_id: [creative, product],
      modules: 'Mode Creative, Mode Product',
    });
    const again = await admin('POST', '/api/admin/mode/store', { name: 'power', module_id: creative });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: ['The name has already been taken.'] });

    const list = await admin('GET', '/api/admin/mode/list');
    expect(list.body.mode.data.filter((mode: { name: string }) => mode.name === 'Power')).toEqual([
      second.body.data,
    ]);
  });

  it('takes module_id as a list, updates with a list, and deletes with the DELETE twin', async () => {
    const created = await admin('POST', '/api/admin/mode/store', {
      name: 'Reach',
      module_id: [creative, product],
    });
    expect(created.body.data.module_id).toEqual([creative, product]);
    const id = created.body.data.id;
    const updated = await admin('PUT', `/api/admin/mode/update/${id}`, {
      name: 'Reach Far',
      module_id: [product],
    });
    expect(updated.body).toEqual({
      message: 'Updated Mode successfully',
      data: { id, name: 'Reach Far', module_id: [product], modules: 'Mode Product' },
    });
    const deleted = await admin('DELETE', `/api/admin/mode/delete/${id}`);
    expect(deleted.body).toEqual({ message: 'Mode Delete Successfully', data: { id } });
    expect((await admin('GET', `/api/admin/mode/delete/${id}`)).status).toBe(404);
  });

  it("answers the spec's messages: 'Name is required', 'Please select at least one module'", async () => {
    const empty = await admin('POST', '/api/admin/mode/store', { name: '', module_id: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['Name is required'],
      module_id: ['Please select at least one module'],
    });
    const missing = await admin('PUT', '/api/admin/mode/update/1', {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Name is required');
    const unknown = await admin('POST', '/api/admin/mode/store', { name: 'Ghost', module_id: [999999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ module_id: ['The selected module is invalid.'] });
  });

  it('refuses to delete a module a mode uses (409), and leaves both in place', async () => {
    const held = (await admin('POST', '/api/admin/modules/store', { name: 'Mode Held' })).body.data.id;
    const mode = await admin('POST', '/api/admin/mode/store', { name: 'Holder', module_id: held });
    expect(mode.status).toBe(201);

    const used = await admin('GET', `/api/admin/modules/delete/${held}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This module is used by a mode. Remove it from the mode first.');
    const modules = await admin('GET', '/api/admin/modules/list?per_page=100');
    expect(modules.body.modules.data.map((module: { id: number }) => module.id)).toContain(held);
    const modes = await admin('GET', '/api/admin/mode/list');
    expect(modes.body.mode.data).toContainEqual(mode.body.data);
  });
});

describe('REST: mode types', () => {
  let modeId: number;
  beforeAll(async () => {
    const module = await admin('POST', '/api/admin/modules/store', { name: 'Type Module' });
    modeId = (
      await admin('POST', '/api/admin/mode/store', { name: 'Onboard', module_id: module.body.data.id })
    ).body.data.id;
  });

  it('creates, lists under `mode` with the nested mode name, updates and deletes', async () => {
    const created = await admin('POST', '/api/admin/modetype/store', {
      top_left: 'Portrait',
      top_right: 'Studio',
      mode_id: String(modeId),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: 'Added Mode Type  Successfully',
      data: {
        id: expect.any(Number),
        top_left: 'Portrait',
        top_right: 'Studio',
        mode_id: modeId,
        mode: { id: modeId, name: 'Onboard' },
      },
    });
    const id = created.body.data.id;
    const list = await admin('GET', '/api/admin/modetype/list');
    expect(list.body.mode.data).toEqual([created.body.data]);

    const updated = await admin('PUT', `/api/admin/modetype/update/${id}`, {
      top_left: 'Landscape',
      top_right: 'Outdoor',
      mode_id: modeId,
    });
    expect(updated.body.message).toBe('Updated Mode Type Successfully');
    expect(updated.body.data).toMatchObject({ top_left: 'Landscape', top_right: 'Outdoor' });

    const inUse = await admin('GET', `/api/admin/mode/delete/${modeId}`);
    expect(inUse.status).toBe(409);

    const deleted = await admin('GET', `/api/admin/modetype/delete/${id}`);
    expect(deleted.body).toEqual({ message: 'Delete Mode Type  Successfully', data: { id } });
  });

  it("answers the spec's messages for an empty form, and 422 for a duplicate or an unknown mode", async () => {
    const empty = await admin('POST', '/api/admin/modetype/store', { top_left: '', mode_id: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      top_left: ['TL Mode is Required'],
      top_right: ['TR Mode is Required'],
      mode_id: ['Parent Module Category is Required'],
    });
    const body = { top_left: 'Macro', top_right: 'Close', mode_id: modeId };
    expect((await admin('POST', '/api/admin/modetype/store', body)).status).toBe(201);
    const duplicate = await admin('POST', '/api/admin/modetype/store', body);
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ top_left: ['This mode type already exists for the mode.'] });
    const orphan = await admin('POST', '/api/admin/modetype/store', { ...body, mode_id: 999999 });
    expect(orphan.body.errors).toEqual({ mode_id: ['The selected mode is invalid.'] });
    expect((await admin('PUT', '/api/admin/modetype/update/999999', body)).status).toBe(404);
  });
});

describe('REST: paging of the catalogue lists', () => {
  it.each(['/api/admin/modules/list', '/api/admin/mode/list', '/api/admin/modetype/list'])(
    '%s: 422 for a non-numeric page or a negative per_page, the last page for a page past the end',
    async (path) => {
      const bad = await admin('GET', `${path}?page=abc&per_page=-1`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        page: ['The page must be a number.'],
        per_page: ['The per page must be at least 1.'],
      });
      const past = await admin('GET', `${path}?page=999&per_page=1`);
      expect(past.status).toBe(200);
      const page = Object.values(past.body)[0] as { current_page: number; last_page: number };
      expect(page.current_page).toBe(page.last_page);
    },
  );
});

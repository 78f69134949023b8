import { splitName, AdminUserUpdateRequest } from '../accounts/admin-user-schemas';
import { ModeCreateRequest } from './mode-schemas';
import { ModeTypeCreateRequest } from './mode-type-schemas';
import { ModuleCreateRequest } from './module-schemas';

describe('catalogue and admin user schemas', () => {
  it('reads module_id as one id, a numeric string or a list, without duplicates', () => {
    expect(ModeCreateRequest.parse({ name: ' Power ', module_id: 3 })).toEqual({
      name: 'Power',
      module_id: [3],
    });
    expect(ModeCreateRequest.parse({ name: 'Power', module_id: '4' }).module_id).toEqual([4]);
    expect(ModeCreateRequest.parse({ name: 'Power', module_id: [1, '2', 1] }).module_id).toEqual([1, 2]);
  });

  it("answers the spec's messages for an empty mode or mode type form", () => {
    const mode = ModeCreateRequest.safeParse({ name: '', module_id: [] });
    expect(mode.error!.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Please select at least one module',
    ]);
    const modeType = ModeTypeCreateRequest.safeParse({ top_left: ' ', top_right: null, mode_id: '' });
    expect(modeType.error!.issues.map((issue) => issue.message)).toEqual([
      'TL Mode is Required',
      'TR Mode is Required',
      'Parent Module Category is Required',
    ]);
  });

  it('gives a new module the Active status, and refuses any status but Active or Inactive', () => {
    expect(ModuleCreateRequest.parse({ name: 'Creative' })).toEqual({ name: 'Creative', status: 'Active' });
    expect(
      ModuleCreateRequest.safeParse({ name: 'Creative', status: 'active' }).error!.issues[0]!.message,
    ).toBe('The selected status is invalid.');
  });

  it('treats an empty password on update as no change, and recognises the real roles whatever their case', () => {
    const update = AdminUserUpdateRequest.parse({
      id: '7',
      role_type: 'ADMIN',
      password: '',
      password_confirmation: '',
    });
    expect(update).toEqual({ id: 7, role_type: 'Admin' });
    expect(AdminUserUpdateRequest.parse({ id: 7, role_type: 'Editor' }).role_type).toBe('Editor');
  });

  it('splits the form name into first name and the rest', () => {
    expect(splitName('  Katherine  Coleman Johnson ')).toEqual({
      firstName: 'Katherine',
      lastName: 'Coleman Johnson',
    });
    expect(splitName('Plato')).toEqual({ firstName: 'Plato', lastName: '' });
  });
});

import { sessionEndReason } from './session-ends';

const admin = { roleType: 'Admin', status: 'Active' };
const user = { roleType: 'user', status: 'Active' };

describe('sessionEndReason', () => {
  it('ends the sessions of an account deactivated', () => {
    expect(sessionEndReason(user, { ...user, status: 'Inactive' }, false)).toBe('deactivated');
  });

  it('says deactivated over the role or the password when all change at once', () => {
    expect(sessionEndReason(admin, { roleType: 'user', status: 'Inactive' }, true)).toBe('deactivated');
  });

  it('ends them when the role changes, either way, before a password change', () => {
    expect(sessionEndReason(admin, user, false)).toBe('role_changed');
    expect(sessionEndReason(user, admin, true)).toBe('role_changed');
  });

  it('ends them when the password changes', () => {
    expect(sessionEndReason(user, user, true)).toBe('password_changed');
  });

  it('leaves them standing when nothing that matters changed, or an inactive account is activated', () => {
    expect(sessionEndReason(user, user, false)).toBeNull();
    expect(sessionEndReason({ ...user, status: 'Inactive' }, user, false)).toBeNull();
  });

  it('does not end again the sessions of an account that stays inactive', () => {
    const inactive = { ...user, status: 'Inactive' };
    expect(sessionEndReason(inactive, inactive, false)).toBeNull();
  });
});

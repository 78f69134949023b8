import { describe, expect, it } from '@jest/globals';
import { landingRoute } from './landing';

describe('landingRoute (SPEC §4)', () => {
  it('sends an admin to the user management after login and to the dashboard after signup', () => {
    expect(landingRoute('Admin', 'login')).toBe('/admin/UserManage');
    expect(landingRoute('Admin', 'signup')).toBe('/admin/dashboard');
  });

  it('sends a user to the types dashboard after login and home after signup', () => {
    expect(landingRoute('user', 'login')).toBe('/types/dashboard');
    expect(landingRoute('user', 'signup')).toBe('/');
  });

  it('sends any other role nowhere, the role names compared exactly', () => {
    for (const role of ['admin', 'User', 'guest', '']) {
      expect(landingRoute(role, 'login')).toBeNull();
      expect(landingRoute(role, 'signup')).toBeNull();
    }
  });
});

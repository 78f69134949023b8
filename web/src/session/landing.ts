import { ADMIN_ROLE } from '@promptloom/proto';

export const UNAUTHORIZED_ROLE = 'Unauthorized role';

/**
 * SPEC §4: where a user lands after login (Admin → /admin/UserManage, user → /types/dashboard) or signup
 * (Admin → /admin/dashboard, user → /). Any other role gets null: 'Unauthorized role' and no redirect.
 */
export function landingRoute(roleType: string, after: 'login' | 'signup'): string | null {
  if (roleType === ADMIN_ROLE) return after === 'login' ? '/admin/UserManage' : '/admin/dashboard';
  if (roleType === 'user') return after === 'login' ? '/types/dashboard' : '/';
  return null;
}

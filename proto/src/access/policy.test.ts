import { decideAdminOperation, decideOwnedAccess, requireOwnedAccess } from './policy';

const owner = { userId: 1, role: 'user' };
const other = { userId: 2, role: 'user' };
const admin = { userId: 3, role: 'Admin' };

describe('the authorization policy', () => {
  it.each([
    ['anonymous', undefined, 'unauthenticated', 'unauthenticated'],
    ['the owner', owner, 'allowed', 'allowed'],
    ['another user', other, 'forbidden', 'forbidden'],
    ['an admin', admin, 'allowed', 'forbidden'],
  ] as const)('%s on a record of user 1: read %s, write %s', (_who, actor, read, write) => {
    expect(decideOwnedAccess(actor, 'read', 1)).toBe(read);
    expect(decideOwnedAccess(actor, 'write', 1)).toBe(write);
  });

  it('keeps what is private to its owner from everyone else, admins too', () => {
    expect(decideOwnedAccess(undefined, 'read-private', 1)).toBe('unauthenticated');
    expect(decideOwnedAccess(owner, 'read-private', 1)).toBe('allowed');
    expect(decideOwnedAccess(other, 'read-private', 1)).toBe('forbidden');
    expect(decideOwnedAccess(admin, 'read-private', 1)).toBe('forbidden');
  });

  it('lets an admin operation through on the token role and the stored role together', () => {
    expect(decideAdminOperation(undefined)).toBe('unauthenticated');
    expect(decideAdminOperation(owner)).toBe('forbidden');
    expect(decideAdminOperation(admin)).toBe('allowed');
    expect(decideAdminOperation(admin, 'Admin')).toBe('allowed');
    expect(decideAdminOperation(admin, 'user')).toBe('forbidden');
    expect(decideAdminOperation(admin, null)).toBe('forbidden');
  });

  it('throws the 401 / 403 DomainErrors the edges answer with', () => {
    expect(() => requireOwnedAccess(undefined, 'read', 1)).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
    expect(() => requireOwnedAccess(admin, 'write', 1)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(requireOwnedAccess(owner, 'write', 1)).toBe(owner);
  });
});

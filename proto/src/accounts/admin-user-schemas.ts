import { z } from 'zod';
import { ADMIN_ROLE } from '../context';
import { ROLES } from '../enums';
import { emailAddress, mobileNumber, newPassword, recordId, requiredText } from '../fields';
import { statusField } from '../catalogue/fields';

/** The admin form's role is free text; the two real roles are recognised whatever their case ('admin' → 'Admin'). */
const roleType = requiredText('role type', 50).transform(
  (role) => ROLES.find((known) => known.toLowerCase() === role.toLowerCase()) ?? role,
);

const PASSWORD_MISMATCH = 'The password field confirmation does not match.';
const emptyAsAbsent = (input: unknown) => (input === '' || input === null ? undefined : input);

/** POST /api/admin/user/store: SPEC §3's admin form. */
export const AdminUserCreateRequest = z
  .object({
    name: requiredText('name', 100),
    email: emailAddress,
    mobile: mobileNumber,
    role_type: roleType,
    status: statusField.default('Active'),
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: PASSWORD_MISMATCH,
  });
export type AdminUserCreateRequest = z.infer<typeof AdminUserCreateRequest>;

/** PUT /api/admin/user/update/{id}: fields not given are kept; an empty password leaves the password as it is. */
export const AdminUserUpdateRequest = z
  .object({
    id: recordId,
    name: requiredText('name', 100).optional(),
    email: emailAddress.optional(),
    mobile: mobileNumber.optional(),
    role_type: roleType.optional(),
    status: statusField.optional(),
    password: z.preprocess(emptyAsAbsent, newPassword.optional()),
    password_confirmation: z.preprocess(emptyAsAbsent, z.string().optional()),
  })
  .refine((body) => body.password === undefined || body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: PASSWORD_MISMATCH,
  });
export type AdminUserUpdateRequest = z.infer<typeof AdminUserUpdateRequest>;

export const AdminUserDeleteRequest = z.object({ id: recordId });
export const AdminUserDeleteResponse = z.object({ id: z.number().int().positive() });

/** The admin form has one name field; it is stored as first name (the first word) and last name (the rest). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export const isAdminRole = (roleType: string): boolean => roleType === ADMIN_ROLE;

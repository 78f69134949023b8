import { z } from 'zod';
import { AccountStatus } from '../enums';
import { emailAddress, mobileNumber, newPassword, password, recordId, requiredText } from '../fields';
import { PageRequest, pageOf } from '../paging';

/** SPEC §3: the signup payload. */
export const SignupRequest = z
  .object({
    first_name: requiredText('first name', 100),
    last_name: requiredText('last name', 100),
    email: emailAddress,
    mobile: mobileNumber,
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'The password field confirmation does not match.',
  });
export type SignupRequest = z.infer<typeof SignupRequest>;

/** SPEC §3: the login payload. The email is not pattern-checked: the login screen accepts 'USERNAME OR EMAIL'. */
export const LoginRequest = z.object({
  email: requiredText('email').transform((email) => email.toLowerCase()),
  password,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * The caller's network address, for the sign-in and sign-up limits per IP. Set by the gateway from the connection
 * (never from the body), added to the login and signup requests it sends to the admin service.
 */
export const ClientOrigin = z.object({ client_ip: z.string().max(100).optional() });

/** What any other package may know of a user: never the password hash. */
export const PublicUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  role_type: z.string(),
  status: AccountStatus,
});
export type PublicUser = z.infer<typeof PublicUser>;

export const UserIdRequest = z.object({ id: recordId });

/** Creates the first admin when there is none; used at start-up and by `npm run create-admin`. */
export const EnsureAdminRequest = z.object({
  email: emailAddress,
  password: newPassword,
  first_name: requiredText('first name', 100).default('Admin'),
  last_name: requiredText('last name', 100).default('User'),
  mobile: mobileNumber.default('+0000000000'),
  /** false: only when no admin exists yet (start-up); true: always add this admin (create-admin). */
  always: z.boolean().default(false),
});
export const EnsureAdminResponse = z.object({ created: z.boolean(), user: PublicUser.nullable() });

export const AdminUserListRequest = PageRequest;
export const AdminUserPage = pageOf(PublicUser);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

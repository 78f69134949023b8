import { z } from 'zod';
import { ADMIN, INTERNAL, PUBLIC } from '../access/declaration';
import { defineOperation } from '../operation';
import {
  AdminUserCreateRequest,
  AdminUserDeleteRequest,
  AdminUserDeleteResponse,
  AdminUserUpdateRequest,
} from './admin-user-schemas';
import {
  AdminUserListRequest,
  AdminUserPage,
  ClientOrigin,
  EnsureAdminRequest,
  EnsureAdminResponse,
  LoginRequest,
  PublicUser,
  SignupRequest,
  UserIdRequest,
} from './schemas';

const UserResponse = z.object({ user: PublicUser });
/** A user just signed in, with the session version their token carries. */
const SignedInResponse = z.object({ user: PublicUser, sessionVersion: z.number().int().nonnegative() });

/** Accounts and sign-in, answered by the admin service. */
export const accountOperations = {
  signup: defineOperation(
    'admin',
    'accounts.signup',
    z.intersection(SignupRequest, ClientOrigin),
    SignedInResponse,
    PUBLIC,
  ),
  login: defineOperation(
    'admin',
    'accounts.login',
    LoginRequest.extend(ClientOrigin.shape),
    SignedInResponse,
    PUBLIC,
  ),
  getUser: defineOperation('admin', 'accounts.getUser', UserIdRequest, UserResponse, INTERNAL),
  ensureAdmin: defineOperation(
    'admin',
    'accounts.ensureAdmin',
    EnsureAdminRequest,
    EnsureAdminResponse,
    INTERNAL,
  ),
} as const;

/** Admin-only operations on users; the admin service checks the caller's stored role on each. */
export const adminUserOperations = {
  list: defineOperation('admin', 'users.list', AdminUserListRequest, AdminUserPage, ADMIN),
  create: defineOperation('admin', 'users.create', AdminUserCreateRequest, PublicUser, ADMIN),
  update: defineOperation('admin', 'users.update', AdminUserUpdateRequest, PublicUser, ADMIN),
  delete: defineOperation('admin', 'users.delete', AdminUserDeleteRequest, AdminUserDeleteResponse, ADMIN),
} as const;

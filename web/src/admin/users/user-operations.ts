import {
  AdminUserCreatedDocument,
  AdminUserDeletedDocument,
  AdminUserUpdatedDocument,
  type AdminUserFieldsFragment,
} from '../../generated/graphql';

export {
  AdminUsersDocument as ADMIN_USERS,
  CreateUserDocument as CREATE_USER,
  DeleteUserDocument as DELETE_USER,
  UpdateUserDocument as UPDATE_USER,
  type AdminUserInput,
} from '../../generated/graphql';

export type AdminUser = AdminUserFieldsFragment;

/** Any change to the users table, for a live refetch. */
export const USERS_CHANGED = {
  created: AdminUserCreatedDocument,
  updated: AdminUserUpdatedDocument,
  deleted: AdminUserDeletedDocument,
};

import {
  AdminUserCreatedDocument,
  AdminUserDeletedDocument,
  AdminUserUpdatedDocument,
  type AdminUserFieldsFragment,
  type UserAiQuotaQuery,
} from '../../generated/graphql';

export {
  AdminUsersDocument as ADMIN_USERS,
  CreateUserDocument as CREATE_USER,
  DeleteUserDocument as DELETE_USER,
  SetUserAiQuotaDocument as SET_USER_AI_QUOTA,
  UserAiQuotaDocument as USER_AI_QUOTA,
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

/** A user's AI calls per day: the admin's override, or null for the configured default (`limit`). */
export type UserAiQuota = UserAiQuotaQuery['userAiQuota'];

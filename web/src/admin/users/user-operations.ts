import { gql, type TypedDocumentNode } from '@apollo/client';
import { type PageOf } from '../shared/page';

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  mobile: string;
  roleType: string;
  status: string;
}

export interface AdminUserInput {
  name: string;
  email: string;
  mobile: string;
  roleType: string;
  status: string;
  password?: string;
  passwordConfirmation?: string;
}

const USER_FIELDS = gql`
  fragment AdminUserFields on User {
    id
    name
    email
    mobile
    roleType
    status
  }
`;

export const ADMIN_USERS: TypedDocumentNode<
  { adminUsers: PageOf<AdminUser> },
  { page: number; perPage: number }
> = gql`
  ${USER_FIELDS}
  query AdminUsers($page: Int, $perPage: Int) {
    adminUsers(page: $page, perPage: $perPage) {
      data {
        ...AdminUserFields
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

export const CREATE_USER: TypedDocumentNode<{ createUser: AdminUser }, { input: AdminUserInput }> = gql`
  ${USER_FIELDS}
  mutation CreateUser($input: AdminUserInput!) {
    createUser(input: $input) {
      ...AdminUserFields
    }
  }
`;

export const UPDATE_USER: TypedDocumentNode<
  { updateUser: AdminUser },
  { id: number; input: Partial<AdminUserInput> }
> = gql`
  ${USER_FIELDS}
  mutation UpdateUser($id: Int!, $input: AdminUserUpdateInput!) {
    updateUser(id: $id, input: $input) {
      ...AdminUserFields
    }
  }
`;

export const DELETE_USER: TypedDocumentNode<{ deleteUser: number }, { id: number }> = gql`
  mutation DeleteUser($id: Int!) {
    deleteUser(id: $id)
  }
`;

/** Any change to the users table, for a live refetch. */
export const USERS_CHANGED = {
  created: gql`
    subscription AdminUserCreated {
      userCreated {
        id
      }
    }
  `,
  updated: gql`
    subscription AdminUserUpdated {
      userUpdated {
        id
      }
    }
  `,
  deleted: gql`
    subscription AdminUserDeleted {
      userDeleted {
        userId
      }
    }
  `,
};

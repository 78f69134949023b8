import { gql, type TypedDocumentNode } from '@apollo/client';
import { type SessionUser } from '../../session/session-storage';

interface AuthPayload {
  accessToken: string;
  user: SessionUser;
}

export const LOGIN: TypedDocumentNode<
  { login: AuthPayload },
  { input: { email: string; password: string } }
> = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      user {
        id
        firstName
        lastName
        name
        email
        roleType
      }
    }
  }
`;

export interface SignupFields {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
  passwordConfirmation: string;
}

export const SIGNUP: TypedDocumentNode<{ signup: AuthPayload }, { input: SignupFields }> = gql`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      accessToken
      user {
        id
        firstName
        lastName
        name
        email
        roleType
      }
    }
  }
`;

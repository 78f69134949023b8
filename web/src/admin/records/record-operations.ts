import { gql, type TypedDocumentNode } from '@apollo/client';
import { type PageOf } from '../shared/page';

export type AiFamily = 'tl' | 'tr' | 'bl';

export interface AdminRecord {
  id: number;
  userName: string | null;
  levels: number;
  aiModel: string | null;
  frequency: number | null;
  aiResponse: string;
  aiReason: string | null;
  status: number;
}

export interface SignatureRecord {
  id: number;
  username: string;
  signatureElements: string[];
  signature: string[];
  status: number;
}

export interface RecordListVars {
  page: number;
  perPage: number;
  search?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
}

export const ADMIN_RECORDS: TypedDocumentNode<
  { adminRecords: PageOf<AdminRecord> },
  RecordListVars & { family: AiFamily }
> = gql`
  query AdminRecords(
    $family: ListFamily!
    $page: Int
    $perPage: Int
    $search: String
    $sort: String
    $direction: String
  ) {
    adminRecords(
      family: $family
      page: $page
      perPage: $perPage
      search: $search
      sort: $sort
      direction: $direction
    ) {
      data {
        id
        userName
        levels
        aiModel
        frequency
        aiResponse
        aiReason
        status
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

export const ADMIN_SIGNATURE_RECORDS: TypedDocumentNode<
  { adminSignatureRecords: PageOf<SignatureRecord> },
  RecordListVars
> = gql`
  query AdminSignatureRecords($page: Int, $perPage: Int, $search: String, $sort: String, $direction: String) {
    adminSignatureRecords(
      page: $page
      perPage: $perPage
      search: $search
      sort: $sort
      direction: $direction
    ) {
      data {
        id
        username
        signatureElements
        signature
        status
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

export interface RecordInput {
  levels?: number;
  aiModel?: string;
  frequency?: number;
  aiResponse?: string;
  status?: number;
}

export const UPDATE_RECORD: TypedDocumentNode<
  { updateRecord: { id: number } },
  { family: AiFamily; id: number; input: RecordInput }
> = gql`
  mutation UpdateRecord($family: ListFamily!, $id: Int!, $input: RecordInput!) {
    updateRecord(family: $family, id: $id, input: $input) {
      id
    }
  }
`;

export interface SignatureRecordInput {
  username?: string;
  signatureElements?: string[];
  signature?: string[];
  status?: number;
}

export const UPDATE_SIGNATURE_RECORD: TypedDocumentNode<
  { updateSignatureRecord: { id: number } },
  { id: number; input: SignatureRecordInput }
> = gql`
  mutation UpdateSignatureRecord($id: Int!, $input: SignatureRecordInput!) {
    updateSignatureRecord(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_RECORD: TypedDocumentNode<
  { deleteRecord: number },
  { family: AiFamily | 'br'; id: number }
> = gql`
  mutation DeleteRecord($family: ListFamily!, $id: Int!) {
    deleteRecord(family: $family, id: $id)
  }
`;

export const RECORD_CHANGED: TypedDocumentNode<
  { recordChanged: { id: number; action: string; sequence: number } },
  { family: AiFamily | 'br' }
> = gql`
  subscription AdminRecordChanged($family: ListFamily) {
    recordChanged(family: $family) {
      id
      action
      sequence
    }
  }
`;

/** Users' own changes to their lists (items added or generated) or signatures: the admin table refetches. */
export const USER_LIST_CHANGED: TypedDocumentNode<
  { userListChanged: { userId: number; sequence: number } },
  { family: AiFamily | 'br' }
> = gql`
  subscription AdminUserListChanged($family: ListFamily!) {
    userListChanged(family: $family) {
      userId
      sequence
    }
  }
`;

import { gql, type TypedDocumentNode } from '@apollo/client';
import { type ListFamily } from '@promptloom/proto';

export interface ListItem {
  id: number;
  aiResponse: string;
  aiReason: string | null;
  status: number;
}

const ITEM_FIELDS = gql`
  fragment ListItemFields on ListItem {
    id
    aiResponse
    aiReason
    status
  }
`;

export const AI_LIST: TypedDocumentNode<
  { aiList: { family: ListFamily; items: ListItem[] } },
  { family: ListFamily }
> = gql`
  ${ITEM_FIELDS}
  query AiList($family: ListFamily!) {
    aiList(family: $family) {
      family
      items {
        ...ListItemFields
      }
    }
  }
`;

export const LIST_UPDATED: TypedDocumentNode<
  { listUpdated: { family: ListFamily; items: ListItem[]; sequence: number } },
  { family: ListFamily; afterSequence?: number }
> = gql`
  ${ITEM_FIELDS}
  subscription ListUpdated($family: ListFamily!, $afterSequence: Float) {
    listUpdated(family: $family, afterSequence: $afterSequence) {
      family
      sequence
      items {
        ...ListItemFields
      }
    }
  }
`;

export const ADD_CUSTOM_ITEM: TypedDocumentNode<
  { addCustomItem: { family: ListFamily; items: ListItem[] } },
  { family: ListFamily; text: string }
> = gql`
  ${ITEM_FIELDS}
  mutation AddCustomItem($family: ListFamily!, $text: String!) {
    addCustomItem(family: $family, text: $text) {
      family
      items {
        ...ListItemFields
      }
    }
  }
`;

export const UPDATE_REASON: TypedDocumentNode<
  { updateReason: ListItem },
  { family: ListFamily; id: number; reason: string }
> = gql`
  ${ITEM_FIELDS}
  mutation UpdateReason($family: ListFamily!, $id: Int!, $reason: String!) {
    updateReason(family: $family, id: $id, reason: $reason) {
      ...ListItemFields
    }
  }
`;

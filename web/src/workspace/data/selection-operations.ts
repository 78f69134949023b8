import { gql, type TypedDocumentNode } from '@apollo/client';
import { type ListFamily } from '@promptloom/proto';

/** The user's active selection, kept on the server so every tab and device shows the same. */
export interface Selection {
  activeTypes: number[];
  activeElements: number[];
  activePro: number[];
  subElements: Array<{ elementId: number; subElementIds: number[] }>;
}

const SELECTION_FIELDS = gql`
  fragment SelectionFields on Selection {
    activeTypes
    activeElements
    activePro
    subElements {
      elementId
      subElementIds
    }
  }
`;

export const SELECTION: TypedDocumentNode<{ selection: Selection }, Record<string, never>> = gql`
  ${SELECTION_FIELDS}
  query Selection {
    selection {
      ...SelectionFields
    }
  }
`;

export const SELECTION_CHANGED: TypedDocumentNode<
  { selectionChanged: Selection },
  Record<string, never>
> = gql`
  ${SELECTION_FIELDS}
  subscription SelectionChanged {
    selectionChanged {
      ...SelectionFields
    }
  }
`;

export const SET_ITEM_ACTIVE: TypedDocumentNode<
  { setItemActive: Selection },
  { family: ListFamily; itemId: number; active: boolean }
> = gql`
  ${SELECTION_FIELDS}
  mutation SetItemActive($family: ListFamily!, $itemId: Int!, $active: Boolean!) {
    setItemActive(family: $family, itemId: $itemId, active: $active) {
      ...SelectionFields
    }
  }
`;

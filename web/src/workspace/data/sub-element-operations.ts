import { gql, type TypedDocumentNode } from '@apollo/client';
import { type Selection } from './selection-operations';

export interface SubElement {
  id: number;
  name: string;
  blName: string;
  reason: string | null;
}

const SUB_ELEMENT_FIELDS = gql`
  fragment SubElementFields on SubElement {
    id
    name
    blName
    reason
  }
`;

export const SUB_ELEMENTS: TypedDocumentNode<{ subElements: SubElement[] }, { elementId: number }> = gql`
  ${SUB_ELEMENT_FIELDS}
  query SubElements($elementId: Int!) {
    subElements(elementId: $elementId) {
      ...SubElementFields
    }
  }
`;

export const SUB_ELEMENTS_UPDATED: TypedDocumentNode<
  { subElementsUpdated: { elementId: number; subElements: SubElement[] } },
  { elementId: number }
> = gql`
  ${SUB_ELEMENT_FIELDS}
  subscription SubElementsUpdated($elementId: Int!) {
    subElementsUpdated(elementId: $elementId) {
      elementId
      subElements {
        ...SubElementFields
      }
    }
  }
`;

export const GENERATE_SUB_ELEMENTS: TypedDocumentNode<
  { generateSubElements: { jobId: string | null; status: string } },
  { elementId: number }
> = gql`
  mutation GenerateSubElements($elementId: Int!) {
    generateSubElements(elementId: $elementId) {
      jobId
      status
    }
  }
`;

export const SET_SUB_ELEMENT_CHOSEN: TypedDocumentNode<
  { setSubElementChosen: Selection },
  { subElementId: number; chosen: boolean }
> = gql`
  mutation SetSubElementChosen($subElementId: Int!, $chosen: Boolean!) {
    setSubElementChosen(subElementId: $subElementId, chosen: $chosen) {
      activeTypes
      activeElements
      activePro
      subElements {
        elementId
        subElementIds
      }
    }
  }
`;

export const LEAVE_ELEMENT_CHECK: TypedDocumentNode<
  { leaveElementCheck: { allowed: boolean; message: string | null } },
  { elementId: number }
> = gql`
  query LeaveElementCheck($elementId: Int!) {
    leaveElementCheck(elementId: $elementId) {
      allowed
      message
    }
  }
`;

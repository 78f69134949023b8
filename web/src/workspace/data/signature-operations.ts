import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SavedSignature {
  id: number;
  signature: string[];
  signatureElements: string[];
  code: string;
}

export interface BrCode {
  type: string;
  elements: string[];
  code: string;
}

const SIGNATURE_FIELDS = gql`
  fragment SavedSignatureFields on Signature {
    id
    signature
    signatureElements
    code
  }
`;

export const MY_SIGNATURE: TypedDocumentNode<
  { mySignature: SavedSignature | null },
  Record<string, never>
> = gql`
  ${SIGNATURE_FIELDS}
  query MySignature {
    mySignature {
      ...SavedSignatureFields
    }
  }
`;

export const BR_CODES: TypedDocumentNode<
  { brCodes: BrCode[] },
  { types: Array<{ type: string; elements: string[] }> }
> = gql`
  query BrCodes($types: [TypeElementsInput!]!) {
    brCodes(types: $types) {
      type
      elements
      code
    }
  }
`;

export const STORE_SIGNATURE: TypedDocumentNode<
  { storeSignature: SavedSignature },
  { input: { username: string; signature: string[]; signatureElements: string[] }; replace: boolean }
> = gql`
  ${SIGNATURE_FIELDS}
  mutation StoreSignature($input: SignatureInput!, $replace: Boolean!) {
    storeSignature(input: $input, replace: $replace) {
      ...SavedSignatureFields
    }
  }
`;

export const REMOVE_SIGNATURE: TypedDocumentNode<{ removeSignature: unknown }, Record<string, never>> = gql`
  mutation RemoveSignature {
    removeSignature
  }
`;

import { type BrCodesQuery } from '../../generated/graphql';

export {
  BrCodesDocument as BR_CODES,
  MySignatureDocument as MY_SIGNATURE,
  RemoveSignatureDocument as REMOVE_SIGNATURE,
  StoreSignatureDocument as STORE_SIGNATURE,
  type SavedSignatureFieldsFragment as SavedSignature,
} from '../../generated/graphql';

export type BrCode = BrCodesQuery['brCodes'][number];

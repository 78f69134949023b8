import {
  type AdminRecordsQuery,
  type AdminSignatureRecordsQuery,
  type AdminSignatureRecordsQueryVariables,
} from '../../generated/graphql';

export {
  AdminRecordChangedDocument as RECORD_CHANGED,
  AdminRecordsDocument as ADMIN_RECORDS,
  AdminSignatureRecordsDocument as ADMIN_SIGNATURE_RECORDS,
  AdminUserListChangedDocument as USER_LIST_CHANGED,
  DeleteRecordDocument as DELETE_RECORD,
  RegenerateRecordDocument as REGENERATE_RECORD,
  AiModelsDocument as AI_MODEL_LIST,
  UpdateRecordDocument as UPDATE_RECORD,
  UpdateSignatureRecordDocument as UPDATE_SIGNATURE_RECORD,
  type RecordInput,
  type SignatureRecordInput,
} from '../../generated/graphql';

/** The families whose records are AI list items (br is the signature records' own table). */
export type AiFamily = 'tl' | 'tr' | 'bl';
export type AdminRecord = AdminRecordsQuery['adminRecords']['data'][number];
export type SignatureRecord = AdminSignatureRecordsQuery['adminSignatureRecords']['data'][number];
export type RecordListVars = AdminSignatureRecordsQueryVariables;

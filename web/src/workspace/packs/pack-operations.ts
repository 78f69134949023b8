export {
  CreateSignaturePackLinkDocument as CREATE_PACK_LINK,
  ImportSharedSignaturePackDocument as IMPORT_SHARED_PACK,
  ImportSignaturePackFileDocument as IMPORT_PACK_FILE,
  MySignaturePackFileDocument as MY_PACK_FILE,
  MySignaturePackLinksDocument as MY_PACK_LINKS,
  RevokeSignaturePackLinkDocument as REVOKE_PACK_LINK,
  SharedSignaturePackDocument as SHARED_PACK,
  type PackContentFieldsFragment as PackContent,
  type PackImportReportFieldsFragment as PackImportReport,
  type PackLinkFieldsFragment as PackLink,
} from '../../generated/graphql';

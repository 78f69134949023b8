export { ImportSelectionDocument as IMPORT_SELECTION } from '../../generated/graphql';

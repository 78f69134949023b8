export {
  ImportSelectionDocument as IMPORT_SELECTION,
  ImportSubElementsDocument as IMPORT_SUB_ELEMENTS,
} from '../../generated/graphql';

export {
  SelectionChangedDocument as SELECTION_CHANGED,
  SelectionDocument as SELECTION,
  SetItemActiveDocument as SET_ITEM_ACTIVE,
  /** The user's active selection, kept on the server so every tab and device shows the same. */
  type SelectionFieldsFragment as Selection,
} from '../../generated/graphql';

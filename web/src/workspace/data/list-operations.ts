export {
  AddCustomItemDocument as ADD_CUSTOM_ITEM,
  AiListDocument as AI_LIST,
  ListUpdatedDocument as LIST_UPDATED,
  UpdateReasonDocument as UPDATE_REASON,
  type ListItemFieldsFragment as ListItem,
} from '../../generated/graphql';

import { type ListUpdatedSubscription } from '../../generated/graphql';
export {
  AddCustomItemDocument as ADD_CUSTOM_ITEM,
  AiListDocument as AI_LIST,
  ListUpdatedDocument as LIST_UPDATED,
  UpdateReasonDocument as UPDATE_REASON,
  type ListItemFieldsFragment as ListItem,
} from '../../generated/graphql';

/** One change to a list as the `listUpdated` subscription delivers it (see useLiveList, which applies it). */
export type ListChange = ListUpdatedSubscription['listUpdated'];

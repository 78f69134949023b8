import { type ListItemDetailsQuery } from '../../generated/graphql';

export { ListItemDetailsDocument as LIST_ITEM_DETAILS } from '../../generated/graphql';

/** One item with every field its detail page shows (the sidebar lists carry only a few). */
export type ListItemDetails = ListItemDetailsQuery['aiList']['items'][number];

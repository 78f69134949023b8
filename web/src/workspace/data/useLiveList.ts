import { useQuery, useSubscription } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { AI_LIST, LIST_UPDATED, type ListItem } from './list-operations';

/** One family's list, kept current by the `listUpdated` subscription: no polling (DESIGN.md). */
export function useLiveList(family: ListFamily): { items: ListItem[]; loading: boolean; error: boolean } {
  const query = useQuery(AI_LIST, { variables: { family } });
  useSubscription(LIST_UPDATED, {
    variables: { family },
    onData: ({ client, data }) => {
      const update = data.data?.listUpdated;
      if (!update) return;
      client.cache.writeQuery({
        query: AI_LIST,
        variables: { family },
        data: { aiList: { family, items: update.items } },
      });
    },
  });
  return {
    items: query.data?.aiList.items ?? [],
    loading: query.loading && !query.data,
    error: Boolean(query.error),
  };
}

import { useRef } from 'react';
import { useQuery, useSubscription } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { applyListChange } from './apply-list-change';
import { AI_LIST, LIST_UPDATED, type ListItem } from './list-operations';

/**
 * One family's list, kept current by the `listUpdated` subscription: no polling (DESIGN.md). Each change is applied
 * to the cached list when its version follows the last one applied; the first change seen, or one after a gap (a
 * missed change), reads the list again instead.
 */
export function useLiveList(family: ListFamily): { items: ListItem[]; loading: boolean; error: boolean } {
  const query = useQuery(AI_LIST, { variables: { family } });
  const lastVersion = useRef<number | null>(null);
  useSubscription(LIST_UPDATED, {
    variables: { family },
    onData: ({ client, data }) => {
      const change = data.data?.listUpdated;
      if (!change) return;
      const cached = client.cache.readQuery({ query: AI_LIST, variables: { family } });
      const follows = lastVersion.current !== null && change.version === lastVersion.current + 1;
      lastVersion.current = change.version;
      if (!cached || !follows) {
        void query.refetch();
        return;
      }
      client.cache.writeQuery({
        query: AI_LIST,
        variables: { family },
        data: { aiList: { ...cached.aiList, items: applyListChange(cached.aiList.items, change) } },
      });
    },
  });
  return {
    items: query.data?.aiList.items ?? [],
    loading: query.loading && !query.data,
    error: Boolean(query.error),
  };
}

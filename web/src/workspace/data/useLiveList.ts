import { useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { RESUMES_LIVE } from '../../apollo/reconnects';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import { applyListChange } from './apply-list-change';
import { AI_LIST, LIST_UPDATED, type ListItem } from './list-operations';

/**
 * One family's list, kept current by the `listUpdated` subscription: no polling (DESIGN.md).
 *
 * - Each screen that shows the list reads it from the server when it opens (the cached copy shows meanwhile): a
 *   change made while no screen showed it, e.g. an agent run's result, is on screen at once.
 * - Each change is applied to the cached list when its version follows the last one applied; a change already
 *   applied (a replay) is skipped; the first change seen, or one after a gap (a missed change), reads the list again.
 * - After the socket drops and reconnects, the subscription resumes from the last sequence it saw (the gateway
 *   replays the missed changes); if it cannot, the list is read again.
 */
export function useLiveList(family: ListFamily): { items: ListItem[]; loading: boolean; error: boolean } {
  const query = useQuery(AI_LIST, {
    variables: { family },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    context: RESUMES_LIVE,
  });
  // The version last applied, of this family's list (the sidebar's flip changes the family in place).
  const lastVersion = useRef<{ family: ListFamily; version: number } | null>(null);
  useResumableSubscription(LIST_UPDATED, {
    variables: { family },
    sequenceOf: (data) => data.listUpdated.sequence,
    readAgain: () => void query.refetch(),
    onData: ({ listUpdated: change }) => {
      const applied = lastVersion.current?.family === family ? lastVersion.current.version : null;
      if (applied !== null && change.version <= applied) return;
      lastVersion.current = { family, version: change.version };
      const cached = query.client.cache.readQuery({ query: AI_LIST, variables: { family } });
      if (!cached || applied === null || change.version !== applied + 1) {
        void query.refetch();
        return;
      }
      query.client.cache.writeQuery({
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

import { useRef } from 'react';
import { useQuery, useSubscription } from '@apollo/client/react';
import { useReconnectCount } from '../../apollo/reconnects';
import { type ListFamily } from '@promptloom/proto';
import { AI_LIST, LIST_UPDATED, type ListItem } from './list-operations';

/**
 * One family's list, kept current by the `listUpdated` subscription: no polling (DESIGN.md). After the WebSocket
 * reconnects it subscribes again from the last sequence it saw, so no update made meanwhile is missed.
 */
export function useLiveList(family: ListFamily): { items: ListItem[]; loading: boolean; error: boolean } {
  const query = useQuery(AI_LIST, { variables: { family } });
  const lastSequence = useRef<number | undefined>(undefined);
  const reconnects = useReconnectCount();
  const resumeFrom = useRef<{ reconnects: number; sequence?: number }>({ reconnects });
  if (resumeFrom.current.reconnects !== reconnects) {
    resumeFrom.current = { reconnects, sequence: lastSequence.current };
  }
  const afterSequence = resumeFrom.current.sequence;
  useSubscription(LIST_UPDATED, {
    variables: afterSequence === undefined ? { family } : { family, afterSequence },
    onData: ({ client, data }) => {
      const update = data.data?.listUpdated;
      if (!update) return;
      lastSequence.current = Math.max(lastSequence.current ?? 0, update.sequence);
      client.cache.writeQuery({
        query: AI_LIST,
        variables: { family },
        data: { aiList: { __typename: 'AiList', family, items: update.items } as never },
      });
    },
  });
  return {
    items: query.data?.aiList.items ?? [],
    loading: query.loading && !query.data,
    error: Boolean(query.error),
  };
}

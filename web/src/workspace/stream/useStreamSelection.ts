import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { type StreamSelection } from '@promptloom/proto';
import { SUB_ELEMENTS } from '../data/sub-element-operations';
import { useLiveList } from '../data/useLiveList';
import { useSelection } from '../data/useSelection';
import { useActiveSignature } from '../signature/useActiveSignature';

const namesOf = (items: Array<{ id: number; aiResponse: string }>, ids: number[]) =>
  items.filter((item) => ids.includes(item.id)).map((item) => item.aiResponse);

/** The active selection as names, the input of the stream prompt (SPEC §2 Stream page). */
export function useStreamSelection(): { selection: StreamSelection; ready: boolean } {
  const client = useApolloClient();
  const { selection } = useSelection();
  const types = useLiveList('tl');
  const elements = useLiveList('bl');
  const pro = useLiveList('tr');
  const signature = useActiveSignature().active;
  const [subElementNames, setSubElementNames] = useState<Record<number, string[]>>({});

  // Fetched again only when the choice itself changes, not on every new (equal) selection object.
  const chosenKey = JSON.stringify(selection.subElements);
  useEffect(() => {
    let cancelled = false;
    const chosen = JSON.parse(chosenKey) as Array<{ elementId: number; subElementIds: number[] }>;
    void Promise.all(
      chosen.map(async ({ elementId, subElementIds }) => {
        const { data } = await client.query({ query: SUB_ELEMENTS, variables: { elementId } });
        const names = (data?.subElements ?? [])
          .filter((sub) => subElementIds.includes(sub.id))
          .map((sub) => sub.name);
        return [elementId, names] as const;
      }),
    ).then((entries) => !cancelled && setSubElementNames(Object.fromEntries(entries)));
    return () => {
      cancelled = true;
    };
  }, [chosenKey, client]);

  return {
    ready: !types.loading && !elements.loading && !pro.loading,
    selection: {
      types: namesOf(types.items, selection.activeTypes),
      proItems: namesOf(pro.items, selection.activePro),
      elements: elements.items
        .filter((item) => selection.activeElements.includes(item.id))
        .map((item) => ({ name: item.aiResponse, subElements: subElementNames[item.id] ?? [] })),
      signature: signature?.elements ?? [],
    },
  };
}

import { useEffect } from 'react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { SELECTION, SELECTION_CHANGED, SET_ITEM_ACTIVE, type Selection } from './selection-operations';

const EMPTY: Selection = { activeTypes: [], activeElements: [], activePro: [], subElements: [] };

export const activeIdsOf = (selection: Selection, family: ListFamily): number[] =>
  family === 'tl'
    ? selection.activeTypes
    : family === 'bl'
      ? selection.activeElements
      : family === 'tr'
        ? selection.activePro
        : [];

/** The active selection, the same in every tab: changes anywhere arrive through `selectionChanged`. */
export function useSelection() {
  const query = useQuery(SELECTION);
  useSubscription(SELECTION_CHANGED, {
    onData: ({ client, data }) => {
      const selection = data.data?.selectionChanged;
      if (selection) client.cache.writeQuery({ query: SELECTION, data: { selection } });
    },
  });
  const [setActive] = useMutation(SET_ITEM_ACTIVE, {
    update: (cache, { data }) => {
      if (data) cache.writeQuery({ query: SELECTION, data: { selection: data.setItemActive } });
    },
  });
  const selection = query.data?.selection;
  useEffect(() => {
    if (selection) mirrorToLocalStorage(selection);
  }, [selection]);
  return {
    selection: selection ?? EMPTY,
    setActive: (family: ListFamily, itemId: number, active: boolean) =>
      setActive({ variables: { family, itemId, active } }),
  };
}

/** SPEC §3 keeps the active lists in local storage; here they mirror the server's selection, which is the truth. */
function mirrorToLocalStorage(selection: Selection): void {
  localStorage.setItem('active_TypesListing', JSON.stringify(selection.activeTypes));
  localStorage.setItem('active_ElementsListing', JSON.stringify(selection.activeElements));
  localStorage.setItem('active_ProListing', JSON.stringify(selection.activePro));
  const chosen = selection.subElements.flatMap((entry) => entry.subElementIds);
  localStorage.setItem('active_subElementsListingSignature', chosen.join(','));
}

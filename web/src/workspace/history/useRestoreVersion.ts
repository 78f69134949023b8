import { useApolloClient } from '@apollo/client/react';
import { type ListFamily } from '@promptloom/proto';
import { AI_LIST } from '../data/list-operations';
import { SELECTION, SET_ITEM_ACTIVE } from '../data/selection-operations';
import { activeIdsOf } from '../data/useSelection';
import { type PromptVersionView } from './prompt-history-operations';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Makes a version's types, elements and Pro items the active selection again, by name, among the items the user's
 * lists still hold (an item deleted since cannot come back). Sub-elements and the signature are left as they are.
 */
export function useRestoreSelection() {
  const client = useApolloClient();

  async function restoreFamily(family: ListFamily, names: readonly string[]) {
    const list = await client.query({ query: AI_LIST, variables: { family } });
    const selection = await client.query({ query: SELECTION });
    if (!list.data || !selection.data) return;
    const active = activeIdsOf(selection.data.selection, family);
    for (const item of list.data.aiList.items) {
      const wanted = names.some((name) => sameName(name, item.aiResponse));
      if (wanted === active.includes(item.id)) continue;
      await client.mutate({
        mutation: SET_ITEM_ACTIVE,
        variables: { family, itemId: item.id, active: wanted },
        update: (cache, { data }) => {
          if (data) cache.writeQuery({ query: SELECTION, data: { selection: data.setItemActive } });
        },
      });
    }
  }

  return async (version: PromptVersionView) => {
    const { selection } = version.snapshot;
    await restoreFamily('tl', selection.types);
    await restoreFamily('tr', selection.proItems);
    await restoreFamily(
      'bl',
      selection.elements.map((element) => element.name),
    );
  };
}

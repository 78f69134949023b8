import { useApolloClient } from '@apollo/client/react';
import { type ImportCatalogue } from '@promptloom/proto';
import { useLiveList } from '../data/useLiveList';
import { IMPORT_SUB_ELEMENTS } from './import-operations';

const itemsOf = (items: Array<{ id: number; aiResponse: string }>) =>
  items.map((item) => ({ id: item.id, name: item.aiResponse }));

/** The user's lists as the import matches against them; the sub-elements of all elements are read in one query. */
export function useImportCatalogue() {
  const client = useApolloClient();
  const types = useLiveList('tl');
  const elements = useLiveList('bl');
  const pro = useLiveList('tr');

  async function load(): Promise<ImportCatalogue> {
    // Read afresh: live updates keep each element's own sub-element query current, not this one.
    const { data } = await client.query({ query: IMPORT_SUB_ELEMENTS, fetchPolicy: 'network-only' });
    // In the elements' order, as a name two elements share resolves to the first element's sub-element.
    const order = new Map(elements.items.map((element, index) => [element.id, index]));
    return {
      types: itemsOf(types.items),
      proItems: itemsOf(pro.items),
      elements: itemsOf(elements.items),
      subElements: (data?.allSubElements ?? [])
        .filter((sub) => order.has(sub.elementId))
        .sort((a, b) => (order.get(a.elementId) ?? 0) - (order.get(b.elementId) ?? 0) || a.id - b.id)
        .map((sub) => ({ id: sub.id, name: sub.name, elementId: sub.elementId })),
    };
  }

  return { ready: !types.loading && !elements.loading && !pro.loading, load };
}

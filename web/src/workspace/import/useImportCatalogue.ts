import { useApolloClient } from '@apollo/client/react';
import { type ImportCatalogue } from '@promptloom/proto';
import { SUB_ELEMENTS } from '../data/sub-element-operations';
import { useLiveList } from '../data/useLiveList';

const itemsOf = (items: Array<{ id: number; aiResponse: string }>) =>
  items.map((item) => ({ id: item.id, name: item.aiResponse }));

/** The user's lists as the import matches against them; sub-elements are read when a preview asks for them. */
export function useImportCatalogue() {
  const client = useApolloClient();
  const types = useLiveList('tl');
  const elements = useLiveList('bl');
  const pro = useLiveList('tr');

  async function load(): Promise<ImportCatalogue> {
    const subElements = await Promise.all(
      elements.items.map(async (element) => {
        const { data } = await client.query({ query: SUB_ELEMENTS, variables: { elementId: element.id } });
        return (data?.subElements ?? []).map((sub) => ({
          id: sub.id,
          name: sub.name,
          elementId: element.id,
        }));
      }),
    );
    return {
      types: itemsOf(types.items),
      proItems: itemsOf(pro.items),
      elements: itemsOf(elements.items),
      subElements: subElements.flat(),
    };
  }

  return { ready: !types.loading && !elements.loading && !pro.loading, load };
}

import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { RESUMES_LIVE } from '../../apollo/reconnects';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import { GENERATE_SUB_ELEMENTS, SUB_ELEMENTS, SUB_ELEMENTS_UPDATED } from './sub-element-operations';

/**
 * An element's sub-elements, live. SPEC §4: generation runs on load — here only when the element has none yet,
 * so opening it again does not pile up duplicates; the result arrives through `subElementsUpdated`.
 */
export function useSubElements(elementId: number) {
  const query = useQuery(SUB_ELEMENTS, { variables: { elementId }, context: RESUMES_LIVE });
  const [generate, generation] = useMutation(GENERATE_SUB_ELEMENTS);
  const requested = useRef(false);
  useResumableSubscription(SUB_ELEMENTS_UPDATED, {
    variables: { elementId },
    sequenceOf: (data) => data.subElementsUpdated.sequence,
    readAgain: () => void query.refetch(),
    onData: ({ subElementsUpdated: update }) =>
      query.client.cache.writeQuery({
        query: SUB_ELEMENTS,
        variables: { elementId },
        data: { subElements: update.subElements },
      }),
  });
  const subElements = query.data?.subElements;
  useEffect(() => {
    if (!subElements || subElements.length > 0 || requested.current) return;
    requested.current = true;
    void generate({ variables: { elementId } });
  }, [subElements, elementId, generate]);
  return {
    subElements: subElements ?? [],
    loading: query.loading && !query.data,
    generating: generation.called && (subElements?.length ?? 0) === 0,
  };
}

import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { RESUMES_LIVE } from '../../apollo/reconnects';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import { applySubElementChange } from './apply-sub-element-change';
import { GENERATE_SUB_ELEMENTS, SUB_ELEMENTS, SUB_ELEMENTS_UPDATED } from './sub-element-operations';

/**
 * An element's sub-elements, live: each change is applied when its version follows the last one applied; a
 * replayed one is skipped; the first change seen, or one after a gap, reads them again. SPEC §4: generation runs on
 * load — here only when the element has none yet, so opening it again does not pile up duplicates; the result
 * arrives through `subElementsUpdated`.
 */
export function useSubElements(elementId: number) {
  const query = useQuery(SUB_ELEMENTS, { variables: { elementId }, context: RESUMES_LIVE });
  const [generate, generation] = useMutation(GENERATE_SUB_ELEMENTS);
  const requested = useRef(false);
  // The version last applied, of this element (moving to another element keeps the screen mounted).
  const lastVersion = useRef<{ elementId: number; version: number } | null>(null);
  useResumableSubscription(SUB_ELEMENTS_UPDATED, {
    variables: { elementId },
    sequenceOf: (data) => data.subElementsUpdated.sequence,
    readAgain: () => void query.refetch(),
    onData: ({ subElementsUpdated: change }) => {
      const applied = lastVersion.current?.elementId === elementId ? lastVersion.current.version : null;
      if (applied !== null && change.version <= applied) return;
      lastVersion.current = { elementId, version: change.version };
      const cached = query.client.cache.readQuery({ query: SUB_ELEMENTS, variables: { elementId } });
      if (!cached || applied === null || change.version !== applied + 1) {
        void query.refetch();
        return;
      }
      query.client.cache.writeQuery({
        query: SUB_ELEMENTS,
        variables: { elementId },
        data: { subElements: applySubElementChange(cached.subElements, change) },
      });
    },
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
    /** Issue 19: the user's reasons this element's generation carried as guidance. */
    reasonsUsed: generation.data?.generateSubElements.reasonsUsed,
  };
}

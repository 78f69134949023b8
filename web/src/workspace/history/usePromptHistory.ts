import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { type PromptVersionOrigin } from '@promptloom/proto';
import { useResumableSubscription } from '../../apollo/useResumableSubscription';
import { PROMPT_HISTORY, PROMPT_VERSION_SAVED, type PromptVersionView } from './prompt-history-operations';

export const HISTORY_PAGE_SIZE = 30;

export interface HistoryFilters {
  search: string;
  origin: PromptVersionOrigin | null;
}

interface Loaded {
  key: string;
  items: PromptVersionView[];
  nextCursor: string | null;
  error: boolean;
}

const matches = (version: PromptVersionView, filters: HistoryFilters) =>
  (!filters.origin || version.origin === filters.origin) &&
  version.prompt.toLowerCase().includes(filters.search.trim().toLowerCase());

/**
 * The user's prompt versions, newest first, a page at a time (the server's cursor), for the filters given. A version
 * saved on any of the user's devices arrives through `promptVersionSaved` and goes on top when it matches. After the
 * socket drops and reconnects, the subscription resumes from the last sequence it saw (the gateway replays the
 * versions saved meanwhile); if it cannot, the first page is read again and its new versions go on top.
 */
export function usePromptHistory(filters: HistoryFilters) {
  const client = useApolloClient();
  const key = JSON.stringify(filters);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // A page asked for already: the scroll sentinel and the button may both ask before the answer renders.
  const inFlight = useRef<string | null>(null);

  async function fetchPage(after: string | null) {
    const { data } = await client.query({
      query: PROMPT_HISTORY,
      variables: {
        first: HISTORY_PAGE_SIZE,
        after,
        search: filters.search.trim() || null,
        origin: filters.origin,
      },
      fetchPolicy: 'network-only',
    });
    if (!data) throw new Error('no history page');
    return data.promptHistory;
  }

  const firstPage = useEffectEvent(() => fetchPage(null));
  useEffect(() => {
    let current = true;
    firstPage().then(
      (first) =>
        current && setLoaded({ key, items: first.items, nextCursor: first.nextCursor, error: false }),
      () => current && setLoaded({ key, items: [], nextCursor: null, error: true }),
    );
    return () => {
      current = false;
    };
  }, [key]);

  const addOnTop = (versions: PromptVersionView[], nextCursor?: string | null) =>
    setLoaded((page) => {
      if (!page || page.key !== key) return page;
      const fresh = versions.filter((version) => !page.items.some((item) => item.id === version.id));
      // A whole page of versions none of which is shown: more were saved meanwhile than a page holds, so the list
      // starts again from the top rather than leave a gap.
      if (nextCursor !== undefined && page.items.length && fresh.length === versions.length) {
        return { key, items: versions, nextCursor, error: false };
      }
      return fresh.length ? { ...page, items: [...fresh, ...page.items] } : page;
    });

  const readFirstPageAgain = () =>
    void fetchPage(null).then(
      (first) => addOnTop(first.items, first.nextCursor),
      () => undefined,
    );

  useResumableSubscription(PROMPT_VERSION_SAVED, {
    variables: {},
    sequenceOf: (data) => data.promptVersionSaved.sequence,
    readAgain: readFirstPageAgain,
    onData: ({ promptVersionSaved: { version } }) => {
      if (matches(version, filters)) addOnTop([version]);
    },
  });

  const page = loaded?.key === key ? loaded : null;

  async function loadMore() {
    const cursor = page?.nextCursor;
    if (!cursor || inFlight.current === cursor) return;
    inFlight.current = cursor;
    setLoadingMore(true);
    try {
      const next = await fetchPage(cursor);
      setLoaded((now) =>
        now && now.key === key
          ? {
              ...now,
              items: [
                ...now.items,
                ...next.items.filter((item) => !now.items.some((seen) => seen.id === item.id)),
              ],
              nextCursor: next.nextCursor,
            }
          : now,
      );
    } finally {
      inFlight.current = null;
      setLoadingMore(false);
    }
  }

  return {
    items: page?.items ?? [],
    loading: page === null,
    error: page?.error ?? false,
    hasMore: Boolean(page?.nextCursor),
    loadingMore,
    loadMore,
  };
}

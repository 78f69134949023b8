import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { type PromptVersionOrigin } from '@promptloom/proto';
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
 * saved on any of the user's devices arrives through `promptVersionSaved` and goes on top when it matches.
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

  useSubscription(PROMPT_VERSION_SAVED, {
    onData: ({ data }) => {
      const version = data.data?.promptVersionSaved.version;
      if (!version || !matches(version, filters)) return;
      setLoaded((page) =>
        page && page.key === key && !page.items.some((item) => item.id === version.id)
          ? { ...page, items: [version, ...page.items] }
          : page,
      );
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

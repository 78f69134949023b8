import { useState } from 'react';
import { type SortState } from './SortHeader';

/** A record screen's list state: page, server search and sort, and the in-page filter text. */
export function useRecordListState() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ sort: 'id', direction: 'asc' });
  return {
    page,
    setPage,
    filter,
    setFilter,
    sort,
    /** Server-side search over all pages, from page 1. */
    searchAll: () => {
      setSearch(filter.trim());
      setPage(1);
    },
    setSort: (next: SortState) => {
      setSort(next);
      setPage(1);
    },
    variables: { page, search: search || undefined, sort: sort.sort, direction: sort.direction },
  };
}

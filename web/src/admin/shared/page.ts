/** The paging fields every admin list answers with. */
export interface PageOf<T> {
  data: T[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export const ADMIN_PAGE_SIZE = 10;

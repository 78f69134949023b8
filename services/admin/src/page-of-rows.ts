import { resolvePage, type Page, type PageRequest } from '@promptloom/proto';

/** Builds the page envelope once the rows of the resolved page are loaded. */
export async function pageOfRows<Row, Item>(
  request: PageRequest,
  total: number,
  load: (limit: number, offset: number) => Promise<Row[]>,
  present: (rows: Row[]) => Promise<Item[]> | Item[],
): Promise<Page<Item>> {
  const { page, lastPage, offset } = resolvePage(request, total);
  const rows = total === 0 ? [] : await load(request.per_page, offset);
  return {
    data: await present(rows),
    current_page: page,
    last_page: lastPage,
    per_page: request.per_page,
    total,
  };
}

import { pageOfRows } from './page-of-rows';

/** Rows 1…total, loaded as a database would: `limit` of them from `offset`, each call noted. */
function table(total: number) {
  const rows = Array.from({ length: total }, (_, index) => index + 1);
  const loads: Array<[number, number]> = [];
  const load = async (limit: number, offset: number) => {
    loads.push([limit, offset]);
    return rows.slice(offset, offset + limit);
  };
  return { load, loads };
}

const present = (rows: number[]) => rows.map((id) => ({ id }));

describe('pageOfRows', () => {
  it('loads the rows of the page asked for and describes the pages', async () => {
    const { load, loads } = table(25);
    const page = await pageOfRows({ page: 2, per_page: 10 }, 25, load, present);
    expect(loads).toEqual([[10, 10]]);
    expect(page).toEqual({
      data: present([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
      current_page: 2,
      last_page: 3,
      per_page: 10,
      total: 25,
    });
  });

  it('gives the last page for a page past it', async () => {
    const { load } = table(25);
    const page = await pageOfRows({ page: 9, per_page: 10 }, 25, load, present);
    expect(page).toMatchObject({ current_page: 3, last_page: 3, data: present([21, 22, 23, 24, 25]) });
  });

  it('loads nothing when there are no rows, and still answers page 1 of 1', async () => {
    const { load, loads } = table(0);
    const page = await pageOfRows({ page: 4, per_page: 10 }, 0, load, present);
    expect(loads).toEqual([]);
    expect(page).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
  });

  it('fills the last page exactly when the total is a multiple of the page size', async () => {
    const { load } = table(20);
    const page = await pageOfRows({ page: 2, per_page: 10 }, 20, load, present);
    expect(page).toMatchObject({ last_page: 2, data: present([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]) });
  });

  it('waits for a presenter that loads more', async () => {
    const { load } = table(3);
    const page = await pageOfRows({ page: 1, per_page: 10 }, 3, load, async (rows) => rows.map(String));
    expect(page.data).toEqual(['1', '2', '3']);
  });
});

import { PageRequest, resolvePage } from './paging';

describe('paging', () => {
  it('defaults to page 1 of 10 and coerces query strings', () => {
    expect(PageRequest.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(PageRequest.parse({ page: '3', per_page: '25' })).toEqual({ page: 3, per_page: 25 });
  });

  it('refuses a non-numeric page, a negative per_page and one above 100 with clear messages', () => {
    const result = PageRequest.safeParse({ page: 'abc', per_page: '-5' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'page: The page must be a number.',
      'per_page: The per page must be at least 1.',
    ]);
    expect(PageRequest.safeParse({ per_page: 101 }).error!.issues[0]!.message).toBe(
      'The per page must not be greater than 100.',
    );
  });

  it('serves the last page for a page past the end, and page 1 of an empty list', () => {
    expect(resolvePage({ page: 9, per_page: 10 }, 25)).toEqual({ page: 3, lastPage: 3, offset: 20 });
    expect(resolvePage({ page: 2, per_page: 10 }, 25)).toEqual({ page: 2, lastPage: 3, offset: 10 });
    expect(resolvePage({ page: 4, per_page: 10 }, 0)).toEqual({ page: 1, lastPage: 1, offset: 0 });
  });
});

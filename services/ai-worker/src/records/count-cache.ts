/**
 * Totals of record searches, kept for a short time. Twenty admins paging the same broad search would otherwise
 * each count its tens of thousands of matches per page; a total at most `ttlMs` old is fine for 'Page X of Y'.
 * Requests that miss at the same moment share one count (no stampede when a total expires). Admin updates and
 * deletes clear it; items users add appear in the total within `ttlMs`.
 */
export class CountCache {
  private readonly totals = new Map<string, { total: Promise<number>; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
    const cached = this.totals.get(key);
    if (cached && cached.expiresAt > now) return cached.total;
    if (this.totals.size >= this.maxEntries) this.totals.clear();
    const total = count();
    this.totals.set(key, { total, expiresAt: now + this.ttlMs });
    // A failed count is not kept: the next request counts again.
    total.catch(() => this.totals.get(key)?.total === total && this.totals.delete(key));
    return total;
  }

  clear(): void {
    this.totals.clear();
  }
}

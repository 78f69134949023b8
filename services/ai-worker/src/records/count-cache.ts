/**
 * Totals of record searches, kept for a short time. Twenty admins paging the same broad search would otherwise
 * each count its tens of thousands of matches per page; a total at most `ttlMs` old is fine for 'Page X of Y'.
 * Admin updates and deletes clear it; items users add appear in the total within `ttlMs`.
 */
export class CountCache {
  private readonly totals = new Map<string, { total: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
    const cached = this.totals.get(key);
    if (cached && cached.expiresAt > now) return cached.total;
    const total = await count();
    if (this.totals.size >= this.maxEntries) this.totals.clear();
    this.totals.set(key, { total, expiresAt: now + this.ttlMs });
    return total;
  }

  clear(): void {
    this.totals.clear();
  }
}

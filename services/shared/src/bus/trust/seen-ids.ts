/**
 * The statement ids a receiver has taken, each until its statement expires: one taken again is a replay. Statements
 * are taken in about the order they expire (one lifetime for all), so expired ids are dropped from the front.
 * Only ids of statements with a valid signature get here, so a forger cannot grow it.
 */
export class SeenIds {
  private readonly until = new Map<string, number>();

  /** Takes `id` until `expiresAtMs`; false when it was taken already and has not expired. */
  take(id: string, expiresAtMs: number, nowMs: number): boolean {
    this.dropExpired(nowMs);
    if (this.until.has(id)) return false;
    this.until.set(id, expiresAtMs);
    return true;
  }

  get size(): number {
    return this.until.size;
  }

  private dropExpired(nowMs: number): void {
    for (const [id, expiresAtMs] of this.until) {
      if (expiresAtMs > nowMs) return;
      this.until.delete(id);
    }
  }
}

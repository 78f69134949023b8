/** Remembers ids for `windowMs`, like the duplicate window of a JetStream stream. */
export class DuplicateWindow {
  private readonly seenAt = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** Records `id`; false if it was already recorded within the window. */
  admit(id: string, now = Date.now()): boolean {
    this.forgetBefore(now - this.windowMs);
    if (this.seenAt.has(id)) return false;
    this.seenAt.set(id, now);
    return true;
  }

  // Insertion order is time order, so expired ids are all at the front.
  private forgetBefore(cutoff: number): void {
    for (const [id, at] of this.seenAt) {
      if (at > cutoff) return;
      this.seenAt.delete(id);
    }
  }
}

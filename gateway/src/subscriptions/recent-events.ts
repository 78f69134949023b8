import { type HubEvent } from './recipient-index';

interface Kept {
  subject: string;
  event: HubEvent<unknown>;
  bytes: number;
}

interface OwnerEvents {
  /** Oldest first. */
  kept: Kept[];
  /** Every event of this owner after this sequence is in `kept`. */
  completeAfter: number;
}

/**
 * The last `capacity` resumable events the hub saw (and at most `maxBytes` of their JSON), indexed by owner, so a reconnecting client's catch-up reads its
 * own few events instead of the event stream. Eviction is oldest first over all owners; an owner whose events were
 * evicted (or who is unknown) can be served only after the newest sequence evicted before them.
 */
export class RecentEvents {
  private readonly owners = new Map<number, OwnerEvents>();
  /** Owners of the kept events, oldest first: the eviction order. */
  private order: number[] = [];
  private orderHead = 0;
  /** An owner with nothing kept has had all their events after this sequence kept (i.e. none). */
  private completeAfter: number;
  private bytes = 0;

  constructor(
    private readonly capacity: number,
    completeAfter: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    this.completeAfter = completeAfter;
  }

  /** Moves the floor up: the events up to `sequence` may be missing (the stream had already dropped them). */
  missingThrough(sequence: number): void {
    this.completeAfter = Math.max(this.completeAfter, sequence);
    for (const owner of this.owners.values()) owner.completeAfter = Math.max(owner.completeAfter, sequence);
  }

  /** Keeps `event` of `ownerId` (`bytes`: its payload's size); events must arrive in sequence order. */
  add(ownerId: number, subject: string, event: HubEvent<unknown>, bytes = 0): void {
    if (this.capacity <= 0) return this.missingThrough(event.sequence);
    let owner = this.owners.get(ownerId);
    if (bytes > this.maxBytes) {
      // Too large to keep: its owner (or, unknown, every owner not kept) cannot resume from before it.
      if (owner) owner.completeAfter = event.sequence;
      else this.completeAfter = Math.max(this.completeAfter, event.sequence);
      return;
    }
    if (!owner) {
      owner = { kept: [], completeAfter: this.completeAfter };
      this.owners.set(ownerId, owner);
    }
    owner.kept.push({ subject, event, bytes });
    this.bytes += bytes;
    this.order.push(ownerId);
    while (this.order.length - this.orderHead > this.capacity || this.bytes > this.maxBytes)
      this.evictOldest();
  }

  /**
   * The kept events of `ownerId` on `subject` after `afterSequence`, oldest first; null when some of them may be
   * missing (evicted, or from before this gateway started).
   */
  after(ownerId: number, subject: string, afterSequence: number): Array<HubEvent<unknown>> | null {
    const owner = this.owners.get(ownerId);
    if (afterSequence < (owner?.completeAfter ?? this.completeAfter)) return null;
    if (!owner) return [];
    const found: Array<HubEvent<unknown>> = [];
    for (let index = firstAfter(owner.kept, afterSequence); index < owner.kept.length; index++) {
      const kept = owner.kept[index]!;
      if (kept.subject === subject) found.push(kept.event);
    }
    return found;
  }

  private evictOldest(): void {
    const ownerId = this.order[this.orderHead++]!;
    const owner = this.owners.get(ownerId)!;
    const evicted = owner.kept.shift()!;
    this.bytes -= evicted.bytes;
    owner.completeAfter = evicted.event.sequence;
    this.completeAfter = Math.max(this.completeAfter, evicted.event.sequence);
    if (owner.kept.length === 0) this.owners.delete(ownerId);
    // Compacted now and then, so the eviction order costs no more than twice its live length.
    if (this.orderHead > 1024 && this.orderHead * 2 > this.order.length) {
      this.order = this.order.slice(this.orderHead);
      this.orderHead = 0;
    }
  }
}

/** The index of the first kept event after `sequence` (binary search: sequences increase). */
function firstAfter(kept: Kept[], sequence: number): number {
  let low = 0;
  let high = kept.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (kept[middle]!.event.sequence <= sequence) low = middle + 1;
    else high = middle;
  }
  return low;
}

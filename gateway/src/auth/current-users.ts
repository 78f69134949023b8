import { accountEvents, accountOperations, type PublicUser, type RequestContext } from '@promptloom/proto';
import { call, onEvent, type Bus, type LiveSessions, type Unsubscribe } from '@promptloom/shared';

interface Entry {
  until: number;
  user: Promise<PublicUser>;
  /** The record once the lookup answered, for a synchronous read (`kept`). */
  settled?: PublicUser;
}

/**
 * The signed-in users' records as the admin service stores them, kept a few seconds (the session check's TTL) so
 * that `me` is not a bus round trip and a database read per request. `evt.admin.user.updated` replaces a kept record,
 * `evt.admin.user.deleted` and `evt.admin.session.ended` (deactivation, role or password change, logout) drop it.
 * A kept record is used only while the bus is connected: without it no such event could arrive.
 */
export class CurrentUsers {
  private readonly cache = new Map<number, Entry>();
  private unsubscribes: Array<Unsubscribe | (() => unknown)> = [];

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs: number,
  ) {}

  async watch(liveSessions: LiveSessions): Promise<void> {
    this.unsubscribes.push(
      liveSessions.onEnded((ended) => this.forget(ended.userId)),
      await onEvent(this.bus, accountEvents.userUpdated, async ({ user }) => {
        if (this.cache.has(user.id)) this.keep(user.id, Promise.resolve(user), Date.now()).settled = user;
      }),
      await onEvent(this.bus, accountEvents.userDeleted, async ({ userId }) => this.forget(userId)),
    );
  }

  async stop(): Promise<void> {
    const unsubscribes = this.unsubscribes;
    this.unsubscribes = [];
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  }

  forget(userId: number): void {
    this.cache.delete(userId);
  }

  /**
   * The kept record, under the same conditions as `get` uses it (not expired, the bus connected), when its lookup has
   * answered; otherwise undefined, and the caller asks `get`. Saves a request the promises of an asynchronous read.
   */
  kept(userId: number, now = Date.now()): PublicUser | undefined {
    const kept = this.cache.get(userId);
    if (kept && kept.until > now && this.bus.isConnected()) return kept.settled;
    return undefined;
  }

  /** The stored user; rejects as `accountOperations.getUser` does (NOT_FOUND for a deleted account). */
  get(userId: number, context: RequestContext, now = Date.now()): Promise<PublicUser> {
    const kept = this.cache.get(userId);
    if (kept && kept.until > now && this.bus.isConnected()) return kept.user;
    const user = call(this.bus, accountOperations.getUser, { id: userId }, { context }).then(
      (reply) => reply.user,
    );
    const entry = this.keep(userId, user, now);
    user.then(
      (answer) => {
        entry.settled = answer;
      },
      // A failed lookup is not kept: the next request asks again.
      () => {
        if (this.cache.get(userId) === entry) this.cache.delete(userId);
      },
    );
    return user;
  }

  private keep(userId: number, user: Promise<PublicUser>, now: number): Entry {
    const entry: Entry = { until: now + this.ttlMs, user };
    this.cache.set(userId, entry);
    if (this.cache.size >= 1000) {
      for (const [id, old] of this.cache) if (old.until <= now) this.cache.delete(id);
    }
    return entry;
  }
}

import {
  DomainError,
  SESSION_ENDED_MESSAGE,
  isSessionLive,
  sessionEvents,
  sessionOperations,
  type Actor,
  type PayloadOf,
  type RequestContext,
  type SessionState,
} from '@promptloom/proto';
import { call, onEvent, type Bus, type Unsubscribe } from '../bus';

/** How long a looked-up session state is trusted when no `session.ended` event says otherwise. */
export const SESSION_CHECK_TTL_MS = 5_000;

export type SessionEnded = PayloadOf<typeof sessionEvents.sessionEnded>;

interface Entry {
  until: number;
  state: Promise<SessionState>;
  /** The state once the lookup answered: a request then needs no promise to read it. */
  settled?: SessionState;
}

/**
 * Whether a token's session still holds, asked of the admin service (which owns users and logouts) and kept for a
 * few seconds, so a burst of requests costs one round trip. `evt.admin.session.ended` drops the kept answer at once,
 * so a session ended on the bus stops working here as soon as the event arrives, and at most the TTL later if the
 * event is missed.
 */
export class LiveSessions {
  private readonly cache = new Map<string, Entry>();
  private readonly listeners = new Set<(ended: SessionEnded) => void>();
  private watching: Promise<Unsubscribe> | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
  ) {}

  /** Starts listening for ended sessions (once). */
  async watch(): Promise<void> {
    this.watching ??= onEvent(this.bus, sessionEvents.sessionEnded, async (ended) => {
      this.forget(ended.userId, ended.sessionId);
      for (const listener of this.listeners) listener(ended);
    });
    await this.watching;
  }

  async stop(): Promise<void> {
    const unsubscribe = await this.watching;
    this.watching = null;
    await unsubscribe?.();
  }

  /** Called for every ended session (after the cache forgot it): e.g. to close the user's open sockets. */
  onEnded(listener: (ended: SessionEnded) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets one session, or with `sessionId` null every session of the user. */
  forget(userId: number, sessionId: string | null): void {
    if (sessionId !== null) {
      this.cache.delete(`${userId}:${sessionId}`);
      return;
    }
    for (const key of this.cache.keys()) if (key.startsWith(`${userId}:`)) this.cache.delete(key);
  }

  /** true when the actor's session holds. A user always has one: an actor without a session is never live. */
  async isLive(actor: Actor, now = Date.now()): Promise<boolean> {
    if (actor.sessionId === undefined) return false;
    return isSessionLive(actor, await this.state(actor.userId, actor.sessionId, now));
  }

  /**
   * The kept answer of `isLive` when there is one (fresh and already looked up), else undefined: the caller then
   * asks `isLive`. Spares the common request its promises.
   */
  isLiveNow(actor: Actor, now = Date.now()): boolean | undefined {
    if (actor.sessionId === undefined) return false;
    const kept = this.cache.get(`${actor.userId}:${actor.sessionId}`);
    if (!kept || kept.until <= now || kept.settled === undefined) return undefined;
    return isSessionLive(actor, kept.settled);
  }

  /** Throws UNAUTHENTICATED ('Your session has ended…') when the context's session no longer holds. */
  async require(context: RequestContext): Promise<void> {
    if (context.actor && !(await this.isLive(context.actor)))
      throw new DomainError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
  }

  private state(userId: number, sessionId: string, now: number): Promise<SessionState> {
    const key = `${userId}:${sessionId}`;
    const kept = this.cache.get(key);
    if (kept && kept.until > now) return kept.state;
    const entry: Entry = {
      until: now + this.ttlMs,
      state: call(this.bus, sessionOperations.state, { userId, sessionId }),
    };
    this.cache.set(key, entry);
    entry.state.then(
      (state) => {
        entry.settled = state;
      },
      // A failed lookup is not kept: the next request asks again.
      () => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
      },
    );
    this.pruneExpired(now);
    return entry.state;
  }

  private pruneExpired(now: number): void {
    if (this.cache.size < 1000) return;
    for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
  }
}

const perBus = new WeakMap<Bus, LiveSessions>();

/** The one LiveSessions of a service process's bus, listening for ended sessions from its first use. */
export async function liveSessionsOf(bus: Bus): Promise<LiveSessions> {
  let sessions = perBus.get(bus);
  if (!sessions) {
    sessions = new LiveSessions(bus);
    perBus.set(bus, sessions);
  }
  await sessions.watch();
  return sessions;
}

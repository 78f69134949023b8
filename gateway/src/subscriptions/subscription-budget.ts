/** How many subscriptions one WebSocket and one user may hold at once (README "Limits"). */
export interface SubscriptionLimits {
  perSocket: number;
  perUser: number;
}

export const DEFAULT_SUBSCRIPTION_LIMITS: SubscriptionLimits = { perSocket: 100, perUser: 300 };

/** A socket as graphql-ws keeps it: its live subscriptions by id (the one being started included). */
interface SocketSubscriptions {
  subscriptions: Record<string, unknown>;
}

/**
 * Counts each user's live subscriptions across their sockets, so a new one past a limit is refused with a clear
 * message instead of costing the server. graphql-ws removes finished subscriptions itself; sockets leave on close.
 */
export class SubscriptionBudget {
  private readonly socketsOfUser = new Map<number, Set<SocketSubscriptions>>();

  constructor(private readonly limits: SubscriptionLimits) {}

  /** Why starting one more subscription on `socket` is refused, or null when it may start. */
  refusal(socket: SocketSubscriptions, userId: number | undefined): string | null {
    if (Object.keys(socket.subscriptions).length > this.limits.perSocket)
      return `Too many subscriptions on this connection: at most ${this.limits.perSocket}. Complete one first.`;
    if (userId === undefined) return null;
    const sockets = this.socketsOfUser.get(userId) ?? new Set([socket]);
    let total = 0;
    for (const each of sockets) total += Object.keys(each.subscriptions).length;
    if (total > this.limits.perUser)
      return `Too many subscriptions for this account: at most ${this.limits.perUser}. Complete one first.`;
    return null;
  }

  joined(socket: SocketSubscriptions, userId: number): void {
    const sockets = this.socketsOfUser.get(userId) ?? new Set();
    sockets.add(socket);
    this.socketsOfUser.set(userId, sockets);
  }

  left(socket: SocketSubscriptions, userId: number): void {
    const sockets = this.socketsOfUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsOfUser.delete(userId);
  }
}

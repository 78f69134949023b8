import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Socket } from 'node:net';

/** How often connections that went idle during a drain are closed. */
const IDLE_SWEEP_MS = 25;
/** Apollo's drain plugin's default grace, kept. */
export const DRAIN_GRACE_MS = 10_000;
/**
 * How long a connection with no request read yet is kept open once the drain starts: its request may have been sent
 * already and still be on the network or unread by a busy event loop.
 */
export const UNREAD_REQUEST_GRACE_MS = 1_000;

/**
 * Lets a server answer every request already sent to it when it stops. `drain` answers from then on with
 * `Connection: close` (requests in flight too, unless their headers went out), accepts the connections waiting in
 * the listen backlog before closing the listener, keeps connections that have not delivered a request yet for
 * `unreadGraceMs`, then closes each connection as soon as it is idle and resolves once every one is gone. What is
 * still open after the grace (a request that never ends, a WebSocket whose peer does not answer its close) is cut.
 * Apollo's drain plugin counts each request on each socket with two map writes and a listener; this keeps the
 * connections and one weak entry per request.
 */
export class HttpDrain {
  private readonly sockets = new Set<Socket>();
  /** Each connection's latest response, to turn off keep-alive on those still in flight when the drain starts. */
  private readonly responses = new WeakMap<Socket, ServerResponse>();
  private accepted = 0;
  private draining = false;
  private keepingUnread = false;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.shouldKeepAlive = false;
      else this.responses.set(request.socket, response);
    });
    // Node's `close` destroys at once every connection with no request parsed, including one whose request sits
    // unread in its buffer: during the unread grace that is left to the sweep below.
    const closeIdleConnections = server.closeIdleConnections.bind(server);
    server.closeIdleConnections = () => {
      if (!this.keepingUnread) closeIdleConnections();
    };
  }

  async drain(graceMs = DRAIN_GRACE_MS, unreadGraceMs = UNREAD_REQUEST_GRACE_MS): Promise<void> {
    if (!this.server.listening) return;
    this.draining = true;
    this.keepingUnread = true;
    for (const socket of this.sockets) {
      const response = this.responses.get(socket);
      if (response && !response.headersSent) response.shouldKeepAlive = false;
    }
    const deadline = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, graceMs);
    try {
      await this.acceptBacklog(unreadGraceMs);
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      let graceTimer: NodeJS.Timeout | undefined;
      const unreadGraceOver = new Promise((resolve) => (graceTimer = setTimeout(resolve, unreadGraceMs)));
      await Promise.race([closed, unreadGraceOver.then(afterNextPoll)]);
      clearTimeout(graceTimer);
      this.keepingUnread = false;
      const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        this.server.closeIdleConnections();
        await closed;
      } finally {
        clearInterval(sweep);
      }
    } finally {
      clearTimeout(deadline);
    }
  }

  /**
   * Closing the listener resets the connections still in its backlog, so they are accepted first. The event loop
   * accepts one connection per turn; a turn that accepts none found the backlog empty. A crowd that keeps
   * connecting is given `limitMs` at most.
   */
  private async acceptBacklog(limitMs: number): Promise<void> {
    const until = Date.now() + limitMs;
    for (;;) {
      const before = this.accepted;
      await afterNextPoll();
      if (this.accepted === before || Date.now() >= until) return;
    }
  }
}

/**
 * Resolves in the check phase right after a whole poll phase, which accepts every connection pending on a listener
 * and reads the bytes that arrived on open ones (two hops: the first may run in the poll phase's own iteration).
 */
function afterNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

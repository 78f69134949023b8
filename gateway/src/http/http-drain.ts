import { type Server } from 'node:http';
import { type Socket } from 'node:net';

/** How often connections that went idle during a drain are closed. */
const IDLE_SWEEP_MS = 25;
/** Apollo's drain plugin's default grace, kept. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Lets a server's requests in flight finish when it stops. `drain` stops taking connections and resolves once every
 * connection is gone; what is still open after the grace (a request that never ends, a WebSocket whose peer does not
 * answer its close) is cut. Node's `close` closes idle kept-alive connections once, so those still answering are
 * swept as they go idle. Apollo's drain plugin does the same by counting each request on each socket, two map
 * writes and a listener per request; this keeps only the connections, once each.
 */
export class HttpDrain {
  private readonly sockets = new Set<Socket>();

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  async drain(graceMs = DRAIN_GRACE_MS): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, graceMs);
    try {
      await closed;
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
  }
}

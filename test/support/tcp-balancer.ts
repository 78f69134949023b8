import net from 'node:net';

export interface TcpBalancer {
  url: string;
  /** The backend port each accepted connection went to, in order. */
  routed: number[];
  close(): Promise<void>;
}

/**
 * A round-robin TCP balancer in front of several gateways, as nginx or a cloud balancer would be: one port, every
 * connection (HTTP or WebSocket) to the next backend; a backend that refuses is skipped for that connection.
 */
export async function startTcpBalancer(backendPorts: number[]): Promise<TcpBalancer> {
  let next = 0;
  const routed: number[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const connectToBackend = (client: net.Socket, tries: number): void => {
    if (tries === backendPorts.length) return void client.destroy();
    const port = backendPorts[next++ % backendPorts.length]!;
    const upstream = net.connect(port, '127.0.0.1');
    upstream.once('error', () => {
      if (!upstream.readyState.startsWith('open')) connectToBackend(client, tries + 1);
    });
    upstream.once('connect', () => {
      routed.push(port);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    connectToBackend(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

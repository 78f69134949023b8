import net from 'node:net';

export interface RawAnswer {
  status: number;
  body: any;
  /** A connection error while sending or reading (EPIPE, ECONNRESET), if any. */
  error?: string;
}

/**
 * Sends a request the way nginx forwards one to the gateway: `Connection: close`, the whole body written before the
 * answer is read. A server that answers early and closes with the body half read resets the connection, and a
 * client like this one loses the answer.
 */
export async function sendWholeThenRead(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  const received: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', (failure) => {
    error = String(failure);
  });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const head = [
    `POST ${path} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    'connection: close',
    `content-length: ${body.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.end(body);
  await closed;
  const text = Buffer.concat(received).toString('utf8');
  const headEnd = text.indexOf('\r\n\r\n');
  const status = Number(text.split(' ', 2)[1]);
  const answer = headEnd < 0 ? '' : text.slice(headEnd + 4);
  return { status, body: answer ? JSON.parse(answer) : null, error };
}

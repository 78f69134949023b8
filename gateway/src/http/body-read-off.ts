import { type IncomingMessage } from 'node:http';

/**
 * Resolves once the request's body has all been read off the connection, discarding what no handler read. An
 * answer sent before that can close the connection on unread bytes (the client asked for `Connection: close`, as
 * nginx does towards the gateway), which resets it: a client still sending the body gets a network error instead of
 * the answer. body-parser waits the same way before it reports an error. Node's request timeout bounds the wait.
 */
export function bodyReadOff(request: IncomingMessage): Promise<void> {
  if (request.complete || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    request.once('end', resolve);
    request.once('close', resolve);
    request.resume();
  });
}

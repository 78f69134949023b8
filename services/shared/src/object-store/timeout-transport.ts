import http from 'node:http';
import https from 'node:https';
import { type ClientOptions } from 'minio';

type Transport = NonNullable<ClientOptions['transport']>;

export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No network activity within ${timeoutMs} ms.`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * The minio client has no request timeout, so a server that accepts connections but never answers would hang every
 * call. This transport aborts a request once its socket (connecting included) has been idle for `timeoutMs`.
 */
export function transportWithTimeout(useSSL: boolean, timeoutMs: number): Transport {
  const base = useSSL ? https : http;
  const request = (options: https.RequestOptions, callback?: (response: http.IncomingMessage) => void) => {
    const outgoing = base.request({ ...options, timeout: timeoutMs }, callback);
    outgoing.on('timeout', () => outgoing.destroy(new RequestTimeoutError(timeoutMs)));
    return outgoing;
  };
  return { request: request as typeof http.request };
}

/**
 * The line `npm start` prints for a person once the product answers, after every log line of the start (the logs
 * are JSON): where to open it. It names the address only, never a setting or a secret.
 */
export function readyLine(host: string, port: number): string {
  return `Promptloom is ready: http://${shownHost(host)}:${port}  (Ctrl+C stops it)`;
}

/** Listening on every interface, the product is reached at localhost; an IPv6 address goes in brackets. */
function shownHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

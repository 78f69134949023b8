/**
 * Payloads travel as JSON text, in process as over NATS, so a receiver never shares an object with the sender.
 * `undefined` (a handler that returns nothing) travels as the empty text.
 */
export function encodePayload(value: unknown): string {
  return JSON.stringify(value) ?? '';
}

export function decodePayload(text: string): unknown {
  return text === '' ? undefined : JSON.parse(text);
}

export function copyPayload<T>(value: T): T {
  return decodePayload(encodePayload(value)) as T;
}

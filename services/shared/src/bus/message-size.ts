import { type RequestContext } from '@promptloom/proto';

/**
 * The bytes one event takes against the bus's `max_payload`: its JSON payload plus the header block that carries
 * its id and context (NATS counts both). The header part is an upper bound of what nats-codec writes.
 */
export function messageBytes(payloadJson: string, id: string, context: RequestContext = {}): number {
  const headerBlock = [
    'NATS/1.0',
    `Nats-Msg-Id: ${id}`,
    `x-request-id: ${context.requestId ?? ''}`,
    `x-actor: ${context.actor ? JSON.stringify(context.actor) : ''}`,
    '',
    '',
  ].join('\r\n');
  return Buffer.byteLength(payloadJson) + Buffer.byteLength(headerBlock);
}

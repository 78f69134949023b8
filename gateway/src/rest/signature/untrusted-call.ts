import { type Operation, type RequestContext, type ResponseOf } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

/**
 * `call` with input straight from a request: its shape is unknown here, and `call` parses it with the operation's
 * zod schema (a 422 with field messages when it does not fit) before anything leaves the gateway.
 */
export function callWith<O extends Operation>(
  bus: Bus,
  operation: O,
  input: unknown,
  options: { context: RequestContext; timeoutMs?: number },
): Promise<ResponseOf<O>> {
  return call(bus, operation, input as Parameters<typeof call<O>>[2], options);
}

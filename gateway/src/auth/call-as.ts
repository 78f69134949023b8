import { z } from 'zod';
import { parseInput, type Actor, type Operation, type RequestOf, type ResponseOf } from '@promptloom/proto';
import { callParsed, callWith, type Bus, type RequestOptions } from '@promptloom/shared';
import { type Caller } from './caller';
import { refuseEarly } from './early-refusal';

type CallOptions = Omit<RequestOptions, 'context' | 'prove'>;

function signedInActor(operation: Operation, caller: Caller): Actor {
  const actor = refuseEarly(operation, caller);
  // Public and internal operations are called with `call`: they have no caller to build a request for.
  if (!actor) throw new Error(`${operation.subject} is not called for a signed-in user`);
  return actor;
}

/**
 * The owner's field of untyped input, parsed by its own schema alone (a path's '42' is user 42), so another user's
 * records are refused before the rest of the input is read: a 403, whatever a body holds. Nothing when the field
 * does not parse: the whole input's parse says why.
 */
function ownerFieldOf(operation: Operation, input: unknown): Record<string, unknown> | undefined {
  const { access, request } = operation;
  if (access.kind !== 'owned' || access.ownerIn !== 'field' || !(request instanceof z.ZodObject))
    return undefined;
  const value = (input as Record<string, unknown> | null | undefined)?.[access.field];
  const owner = (request.shape as Record<string, z.ZodType | undefined>)[access.field]?.safeParse(value);
  return owner?.success ? { [access.field]: owner.data } : undefined;
}

/**
 * Calls an operation for the caller of a GraphQL or HTTP request: refused early by the operation's declared access
 * (`refuseEarly`), its request built for the caller's actor.
 */
export async function callAs<O extends Operation>(
  caller: Caller,
  bus: Bus,
  operation: O,
  requestOf: (actor: Actor) => RequestOf<O>,
  options: CallOptions = {},
): Promise<ResponseOf<O>> {
  const request = requestOf(signedInActor(operation, caller));
  refuseEarly(operation, caller, request);
  return callWith(bus, operation, request, { ...options, context: caller.context });
}

/**
 * `callAs` with input from outside (a REST body, path parameters): a request naming another user's records is
 * refused first, then the operation's schema parses the input, a BAD_USER_INPUT with field messages when it does
 * not fit.
 */
export async function callAsWith<O extends Operation>(
  caller: Caller,
  bus: Bus,
  operation: O,
  inputOf: (actor: Actor) => unknown,
  options: CallOptions = {},
): Promise<ResponseOf<O>> {
  const input = inputOf(signedInActor(operation, caller));
  refuseEarly(operation, caller, ownerFieldOf(operation, input));
  const request = parseInput<O['request']>(operation.request, input);
  refuseEarly(operation, caller, request);
  return callParsed(bus, operation, request, { ...options, context: caller.context });
}

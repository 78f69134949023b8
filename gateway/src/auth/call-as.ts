import { parseInput, type Actor, type Operation, type RequestOf, type ResponseOf } from '@promptloom/proto';
import { callWith, type Bus, type RequestOptions } from '@promptloom/shared';
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
 * `callAs` with input from outside (a REST body, path parameters): the operation's schema parses it, a
 * BAD_USER_INPUT with field messages when it does not fit, before the owner it names is decided.
 */
export async function callAsWith<O extends Operation>(
  caller: Caller,
  bus: Bus,
  operation: O,
  inputOf: (actor: Actor) => unknown,
  options: CallOptions = {},
): Promise<ResponseOf<O>> {
  const input = inputOf(signedInActor(operation, caller));
  refuseEarly(operation, caller, parseInput(operation.request, input));
  return callWith(bus, operation, input, { ...options, context: caller.context });
}

import {
  parseInput,
  type Operation,
  type ParsedRequestOf,
  type RequestContext,
  type ResponseOf,
} from '@promptloom/proto';
import { type AccessChecks } from '../auth/access-checks';
import { enforceAccess, type OwnerOf } from '../auth/enforce-access';
import { type Bus, type Unsubscribe } from '../bus/bus';
import { SignedBus } from '../bus/trust/signed-bus';
import { mapDatabaseUnavailable } from '../db/database-errors';
import { idempotencyKeysOf } from '../idempotency/idempotent-answers';
import { answerOnce } from '../idempotency/idempotent-call';
import { withLogContext } from '../logging/log-context';
import { measureBusRequest } from '../metrics/measure';

export type OperationHandler<O extends Operation> = (
  request: ParsedRequestOf<O>,
  context: RequestContext,
) => Promise<ResponseOf<O>>;

export interface HandleOptions<O extends Operation> {
  /** For an operation owned by a record (`ownedRecord`), required: the owner of the record a request names. */
  ownerOf?: OwnerOf<ParsedRequestOf<O>>;
  /**
   * How the caller's session and an admin's role are confirmed: required unless the operation is `public` or
   * `internal`. A service asks the admin service (`checksOverTheBus`); the admin service reads its own tables.
   */
  checks?: AccessChecks;
}

/**
 * Answers an operation in the service's queue group. Before the handler runs, the request is verified (its
 * SignedBus), validated again at the service's edge, and admitted by the operation's declared access
 * (`enforceAccess`): a handler never decides who may call it. Every log line written while handling it carries the
 * request's id, and its duration and outcome are measured. A request with an Idempotency-Key is answered once per
 * key (`keepIdempotentAnswers`, idempotent-call.ts), and only to a caller the access admits.
 */
export function handle<O extends Operation>(
  bus: Bus,
  operation: O,
  handler: OperationHandler<O>,
  options: HandleOptions<O> = {},
): Promise<Unsubscribe> {
  // A service answers only what it can verify: its SignedBus checks every request before this handler runs.
  if (!(bus instanceof SignedBus)) {
    return Promise.reject(new Error(`${operation.subject}: services answer through a SignedBus (bus/trust)`));
  }
  const ownedByRecord = operation.access.kind === 'owned' && operation.access.ownerIn === 'record';
  if (ownedByRecord !== (options.ownerOf !== undefined)) {
    return Promise.reject(
      new Error(`${operation.subject}: an ownerOf is given exactly when the operation is owned by a record`),
    );
  }
  const { checks } = options;
  if (!checks && operation.access.kind !== 'public' && operation.access.kind !== 'internal') {
    return Promise.reject(new Error(`${operation.subject}: its access needs the service's checks`));
  }
  return bus.serve(operation.subject, `svc.${operation.service}`, (payload, context) =>
    withLogContext(context, () =>
      measureBusRequest(operation.subject, 'handle', async () => {
        const request: ParsedRequestOf<O> = parseInput<O['request']>(operation.request, payload);
        const keys = idempotencyKeysOf(bus, operation.service);
        return mapDatabaseUnavailable(async () => {
          await enforceAccess(operation.access, request, context, checks, options.ownerOf);
          return answerOnce(keys, operation.subject, request, context, () => handler(request, context));
        });
      }),
    ),
  );
}

/** `handle` for one service: its bus and its access checks given once, an owner lookup where one is needed. */
export type AnswerOperation = <O extends Operation>(
  operation: O,
  handler: OperationHandler<O>,
  options?: Pick<HandleOptions<O>, 'ownerOf'>,
) => Promise<Unsubscribe>;

export const answersWith =
  (bus: Bus, checks: AccessChecks): AnswerOperation =>
  (operation, handler, options) =>
    handle(bus, operation, handler, { ...options, checks });

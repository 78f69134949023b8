import {
  DomainError,
  parseInput,
  type EventDefinition,
  type Operation,
  type PayloadOf,
  type RequestContext,
  type RequestOf,
  type ParsedRequestOf,
  type ResponseOf,
} from '@promptloom/proto';
import { withLogContext } from '../logging/log-context';
import { measureBusRequest, measureJob } from '../metrics/measure';
import {
  type Bus,
  type BusEvent,
  type JobHandler,
  type RequestOptions,
  type SubscribeOptions,
  type Unsubscribe,
} from './bus';
import { mapDatabaseUnavailable } from '../db/database-errors';
import { PermanentFailure } from './job-retries';
import { idempotencyKeysOf } from '../idempotency/idempotent-answers';
import { answerOnce, outsideIdempotentCall } from '../idempotency/idempotent-call';
import { SignedBus } from './trust/signed-bus';

/** Calls an operation: the request is validated before it leaves, the reply checked when it arrives. */
export function call<O extends Operation>(
  bus: Bus,
  operation: O,
  request: RequestOf<O>,
  options?: RequestOptions,
): Promise<ResponseOf<O>> {
  return callWith(bus, operation, request, options);
}

/**
 * `call` with input from outside whose shape is not known yet (a REST body, path parameters, GraphQL arguments
 * wider than the schema): the operation's zod schema parses it, a BAD_USER_INPUT with field messages when it does
 * not fit, before anything leaves.
 */
export async function callWith<O extends Operation>(
  bus: Bus,
  operation: O,
  input: unknown,
  options?: RequestOptions,
): Promise<ResponseOf<O>> {
  const payload = parseInput(operation.request, input);
  const reply = await measureBusRequest(operation.subject, 'call', () =>
    bus.request(operation.subject, payload, options),
  );
  const checked = operation.response.safeParse(reply);
  if (!checked.success) {
    throw new DomainError('INTERNAL', `${operation.subject} answered with an unexpected shape.`);
  }
  return checked.data as ResponseOf<O>;
}

/**
 * Answers an operation in the service's queue group; input is validated again here, at the service's edge. Every
 * log line written while handling it carries the request's id, and its duration and outcome are measured. A request
 * with an Idempotency-Key is answered once per key (`keepIdempotentAnswers`, idempotent-call.ts).
 */
export function handle<O extends Operation>(
  bus: Bus,
  operation: O,
  handler: (request: ParsedRequestOf<O>, context: RequestContext) => Promise<ResponseOf<O>>,
): Promise<Unsubscribe> {
  // A service answers only what it can verify: its SignedBus checks every request before this handler runs.
  if (!(bus instanceof SignedBus)) {
    return Promise.reject(new Error(`${operation.subject}: services answer through a SignedBus (bus/trust)`));
  }
  return bus.serve(operation.subject, `svc.${operation.service}`, (payload, context) =>
    withLogContext(context, () =>
      measureBusRequest(operation.subject, 'handle', async () => {
        const request: ParsedRequestOf<O> = parseInput<O['request']>(operation.request, payload);
        const keys = idempotencyKeysOf(bus, operation.service);
        return mapDatabaseUnavailable(() =>
          answerOnce(keys, operation.subject, request, context, () => handler(request, context)),
        );
      }),
    ),
  );
}

/**
 * Subscribes to one catalogued event with its payload parsed. An event that does not parse is never handled: the
 * bus logs it, counts it and moves it to the dead letters (PermanentFailure), then goes on with the next.
 */
export function onEvent<E extends EventDefinition>(
  bus: Bus,
  event: E,
  handler: (payload: PayloadOf<E>, event: BusEvent) => Promise<void>,
  options?: SubscribeOptions,
): Promise<Unsubscribe> {
  return bus.subscribe(
    event.subject,
    async (received) => {
      const parsed = event.payload.safeParse(received.payload);
      if (!parsed.success) {
        throw new PermanentFailure(`${event.subject} does not match its schema: ${parsed.error.message}`);
      }
      await outsideIdempotentCall(() => handler(parsed.data as PayloadOf<E>, received));
    },
    options,
  );
}

/** A work-queue handler whose log lines carry the job's request id and whose duration and outcome are measured. */
export function measuredJobHandler(queue: string, handler: JobHandler): JobHandler {
  return (job) =>
    withLogContext(job.context, () => measureJob(queue, () => outsideIdempotentCall(() => handler(job))));
}

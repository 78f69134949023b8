import {
  DomainError,
  parseInput,
  type EventDefinition,
  type Operation,
  type PayloadOf,
  type ParsedRequestOf,
  type RequestOf,
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
import { PermanentFailure } from './job-retries';
import { outsideIdempotentCall } from '../idempotency/idempotent-call';

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
  return callParsed(bus, operation, parseInput<O['request']>(operation.request, input), options);
}

/** Sends a request its operation's schema already parsed (`parseInput`), and checks the reply. */
export async function callParsed<O extends Operation>(
  bus: Bus,
  operation: O,
  request: ParsedRequestOf<O>,
  options?: RequestOptions,
): Promise<ResponseOf<O>> {
  const reply = await measureBusRequest(operation.subject, 'call', () =>
    bus.request(operation.subject, request, options),
  );
  const checked = operation.response.safeParse(reply);
  if (!checked.success) {
    throw new DomainError('INTERNAL', `${operation.subject} answered with an unexpected shape.`);
  }
  return checked.data as ResponseOf<O>;
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

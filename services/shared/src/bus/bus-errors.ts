import { DomainError } from '@promptloom/proto';

export const noResponders = (subject: string): DomainError =>
  new DomainError('SERVICE_UNAVAILABLE', `No service is answering ${subject}.`);

export const requestTimedOut = (subject: string, timeoutMs: number): DomainError =>
  new DomainError('SERVICE_UNAVAILABLE', `${subject} did not answer within ${timeoutMs} ms.`);

export const unreachable = (subject: string): DomainError =>
  new DomainError('SERVICE_UNAVAILABLE', `${subject} could not be reached: the bus is not connected.`);

/** The server refused this process's publish of the request (its NATS user may not send it): it reached no one. */
export const requestRefused = (subject: string): DomainError =>
  new DomainError('SERVICE_UNAVAILABLE', `${subject} was refused by the bus: this process may not send it.`);

export const busClosed = (): DomainError => new DomainError('SERVICE_UNAVAILABLE', 'The bus is closed.');

export const payloadTooLarge = (subject: string, bytes: number, maxBytes: number): DomainError =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `${subject} is ${bytes} bytes; the bus takes at most ${maxBytes} bytes per message.`,
  );

export const REQUEST_INTERRUPTED_MESSAGE =
  'The connection to the service was lost while this request was in flight. If it was a change, it may have been ' +
  'applied: send it again with the same Idempotency-Key, and it is applied at most once.';

/** A request the bus gave up when its connection dropped: the service may have committed it (README "Retrying a write safely"). */
export class RequestInterrupted extends DomainError {
  readonly mayHaveBeenApplied = true;

  constructor(readonly subject: string) {
    super('SERVICE_UNAVAILABLE', REQUEST_INTERRUPTED_MESSAGE);
  }
}

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

import { DomainError } from '@promptloom/proto';

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);

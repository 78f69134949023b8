import { DomainError, invalidInput } from '@promptloom/proto';

export const NAME_TAKEN = 'The name has already been taken.';
export const MODE_TYPE_TAKEN = 'This mode type already exists for the mode.';
export const UNKNOWN_MODULE = 'The selected module is invalid.';
export const UNKNOWN_MODE = 'The selected mode is invalid.';
export const MODULE_IN_USE = 'This module is used by a mode. Remove it from the mode first.';
export const MODE_IN_USE = 'This mode is used by a mode type. Delete the mode type first.';

export const nameTaken = () => invalidInput({ name: [NAME_TAKEN] });
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);
export const inUse = (message: string) => new DomainError('CONFLICT', message);

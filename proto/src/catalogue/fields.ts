import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../enums';

/** A required, trimmed text whose every failure reads as one message of the spec ('Name is required'). */
export function requiredWithMessage(message: string, maxLength = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(maxLength, { error: `This field must not be greater than ${maxLength} characters.` });
}

/** A required id chosen in a form (a select): missing, empty or not a positive whole number reads as `message`. */
export function requiredId(message: string) {
  return z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });
}

export const INVALID_STATUS = 'The selected status is invalid.';

/** Users and modules: 'Active' or 'Inactive'; anything else is a 422 naming the field. */
export const statusField = z.enum(ACCOUNT_STATUSES, { error: INVALID_STATUS });

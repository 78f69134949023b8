import { z } from 'zod';

/** Building blocks for input schemas whose messages read like the spec's server (Laravel style). */

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required string, trimmed; `label` is the field name as a person reads it ('first name'). */
export function requiredText(label: string, maxLength = 255) {
  return z
    .string({
      error: (issue) =>
        isMissing(issue.input) ? `The ${label} field is required.` : `The ${label} field must be a string.`,
    })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(maxLength, { error: `The ${label} field must not be greater than ${maxLength} characters.` });
}

/** Spec §5: 'Enter a valid email address'. Emails are compared case-insensitively, so they are lower-cased. */
export const emailAddress = requiredText('email')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Enter a valid email address' })
  .transform((email) => email.toLowerCase());

export const mobileNumber = requiredText('mobile', 32).regex(/^\+?[0-9][0-9 ()-]{5,30}$/, {
  error: 'The mobile field must be a valid phone number.',
});

export const PASSWORD_MIN_LENGTH = 8;

/** A password as typed: never trimmed, since spaces are part of it. */
export const password = z
  .string({
    error: (issue) =>
      isMissing(issue.input) ? 'The password field is required.' : 'The password field must be a string.',
  })
  .min(1, { error: 'The password field is required.' })
  .max(128, { error: 'The password field must not be greater than 128 characters.' });

export const newPassword = password.min(PASSWORD_MIN_LENGTH, {
  error: `The password field must be at least ${PASSWORD_MIN_LENGTH} characters.`,
});

/** A positive whole-number id, accepting the string form that URL paths carry. */
export const recordId = z.coerce
  .number({ error: 'The id must be a number.' })
  .int({ error: 'The id must be a whole number.' })
  .positive({ error: 'The id must be a positive number.' });

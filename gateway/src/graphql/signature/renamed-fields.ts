import { DomainError } from '@promptloom/proto';

/** The upload form's field names (SPEC §3) as the GraphQL input calls them, for `extensions.fields`. */
export const STREAM_FIELD_NAMES: Record<string, string> = {
  finalprompt: 'finalPrompt',
  Hyper_realistic: 'hyperRealistic',
  '8k': 'eightK',
  '4k': 'fourK',
  'upload.key': 'uploadId',
};

/** Runs `work`, renaming the fields of a BAD_USER_INPUT error with `names`. */
export async function withFieldNames<T>(names: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || !error.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [names[field] ?? field, messages]),
    );
    throw new DomainError(error.code, error.message, fields);
  }
}

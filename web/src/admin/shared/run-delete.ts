import { formErrorsOf } from '../../apollo/field-errors';

/** Runs a delete; answers null when it worked, else the server's reason (the dialog stays open, SPEC §8). */
export async function runDelete(
  remove: () => Promise<unknown>,
  fallback = 'Delete failed',
): Promise<string | null> {
  try {
    await remove();
    return null;
  } catch (error) {
    return formErrorsOf(error, fallback).message ?? fallback;
  }
}

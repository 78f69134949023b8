import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import { runDelete } from './run-delete';

describe('runDelete (SPEC §8: the dialog stays open with the reason)', () => {
  it('answers null once the delete worked', async () => {
    let deleted = false;
    await expect(
      runDelete(async () => {
        deleted = true;
      }),
    ).resolves.toBeNull();
    expect(deleted).toBe(true);
  });

  it('answers the server’s reason when it refused', async () => {
    const refusal = new CombinedGraphQLErrors({
      errors: [{ message: 'This module is used by a mode. Remove it from the mode first.' }],
    });
    await expect(runDelete(() => Promise.reject(refusal))).resolves.toBe(
      'This module is used by a mode. Remove it from the mode first.',
    );
  });

  it('answers the given fallback, or "Delete failed", when the failure says nothing', async () => {
    await expect(runDelete(() => Promise.reject(new Error('network')), 'Could not delete')).resolves.toBe(
      'Could not delete',
    );
    await expect(runDelete(() => Promise.reject(new Error('network')))).resolves.toBe('Delete failed');
  });
});

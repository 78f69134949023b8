import { accountOperations, DomainError, tooManyRequests } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { ensureAdminAccount } from './first-admin';

/** A bus that answers ensureAdmin with the given answers in turn (an error is thrown as the service would). */
function busAnswering(...answers: Array<Error | { created: boolean; user: null }>) {
  const requests: unknown[] = [];
  const bus = {
    request: async (subject: string, payload: unknown) => {
      expect(subject).toBe(accountOperations.ensureAdmin.subject);
      requests.push(payload);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Bus;
  return { bus, requests };
}

describe('ensureAdminAccount', () => {
  it('asks again, after the Retry-After the service named, when the password hashing pool is full', async () => {
    const busy = tooManyRequests('Too many sign-ins at once. Please try again in a moment.', 1);
    const { bus, requests } = busAnswering(busy, { created: false, user: null });
    const result = await ensureAdminAccount(bus, { email: 'admin@example.com', password: 'a-long-password' });
    expect(result).toEqual({ created: false, user: null });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
  });

  it('gives up after five busy answers, and at once on any other error', async () => {
    const busy = () => tooManyRequests('busy', 0);
    const alwaysBusy = busAnswering(busy(), busy(), busy(), busy(), busy(), { created: false, user: null });
    await expect(ensureAdminAccount(alwaysBusy.bus, { password: 'a-long-password' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(alwaysBusy.requests).toHaveLength(5);

    const refused = busAnswering(new DomainError('BAD_USER_INPUT', 'The password is too weak.'));
    await expect(
      ensureAdminAccount(refused.bus, { email: 'admin@example.com', password: 'a-long-password' }),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(refused.requests).toHaveLength(1);
  });
});

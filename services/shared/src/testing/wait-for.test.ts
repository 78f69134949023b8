import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('answers the first truthy value the check returns', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : null), 'the third call');
    expect(value).toEqual({ calls: 3 });
  });

  it('tries a check that throws again until it holds', async () => {
    let calls = 0;
    const value = await waitFor(async () => {
      calls += 1;
      if (calls < 3) throw new Error('not yet');
      return 'ready';
    }, 'a check that recovers');
    expect(value).toBe('ready');
    expect(calls).toBe(3);
  });

  it('fails naming what it waited for and the last error the check threw', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('still down');
        },
        'the service',
        60,
      ),
    ).rejects.toThrow('Timed out after 60 ms waiting for the service: Error: still down');
  });

  it('checks once even with no time to wait, and once more at the deadline', async () => {
    await expect(waitFor(() => 'at once', 'an immediate value', 0)).resolves.toBe('at once');
    let calls = 0;
    await expect(waitFor(() => (calls += 1) < 0, 'a condition that never holds', 0)).rejects.toThrow(
      'waiting for a condition that never holds',
    );
    expect(calls).toBe(1);
  });
});

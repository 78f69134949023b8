import { DomainError } from '@promptloom/proto';
import { isDatabaseUnavailable, mapDatabaseUnavailable } from './database-errors';

describe('database unavailable errors', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
    Object.assign(new Error('outer'), {
      previous: Object.assign(new Error('inner'), { code: 'ECONNRESET' }),
    }),
  ])('recognises %s', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('syntax error'), { code: '42601' }),
    new Error('something else'),
  ])('leaves query errors alone: %s', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('turns an unreachable database into SERVICE_UNAVAILABLE and passes other errors through', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(mapDatabaseUnavailable(() => Promise.reject(refused))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    const domain = new DomainError('NOT_FOUND', 'User not found.');
    await expect(mapDatabaseUnavailable(() => Promise.reject(domain))).rejects.toBe(domain);
    await expect(mapDatabaseUnavailable(async () => 42)).resolves.toBe(42);
  });
});

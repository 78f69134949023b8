import { Client } from 'pg';
import { DomainError } from '@promptloom/proto';
import { TEST_DATABASE_SERVER_URL } from '../testing/test-database';
import { isDatabaseUnavailable, isInputRefusedByDatabase, mapDatabaseUnavailable } from './database-errors';

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

  it.each([
    ['a NUL byte inlined in a query', "select 'a\u0000b'", []],
    ['a NUL byte in a parameter', 'select $1::text', ['a\u0000b']],
    ['a number out of range', 'select $1::int', ['99999999999']],
  ])(
    'answers BAD_USER_INPUT, never SERVICE_UNAVAILABLE, for %s refused by PostgreSQL',
    async (_name, sql, values) => {
      const client = new Client({ connectionString: TEST_DATABASE_SERVER_URL });
      await client.connect();
      try {
        const refused = await client.query(sql, values).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isInputRefusedByDatabase(refused)).toBe(true);
        expect(isDatabaseUnavailable(refused)).toBe(false);
        await expect(mapDatabaseUnavailable(() => Promise.reject(refused))).rejects.toMatchObject({
          code: 'BAD_USER_INPUT',
        });
      } finally {
        await client.end();
      }
    },
  );
});

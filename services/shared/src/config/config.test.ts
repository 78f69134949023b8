import { ConfigError, loadConfig, requireSettings } from './config';

describe('loadConfig', () => {
  it('applies defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      DATA_DIR: '.data',
      SESSION_IDLE_MINUTES: 60,
      BUS_REQUEST_TIMEOUT_MS: 5000,
    });
    expect(config.PORT).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('coerces numbers and flags from their string form', () => {
    const config = loadConfig({ PORT: '8080', S3_USE_SSL: 'true', SESSION_IDLE_MINUTES: '5' });
    expect(config.PORT).toBe(8080);
    expect(config.S3_USE_SSL).toBe(true);
    expect(config.SESSION_IDLE_MINUTES).toBe(5);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every malformed variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'localhost:4222',
        S3_USE_SSL: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT .*'eighty'/);
    expect(message).toMatch(/DATABASE_URL must be a URL like postgres:/);
    expect(message).toMatch(/NATS_URL must be a URL like nats:/);
    expect(message).toMatch(/S3_USE_SSL/);
  });

  it('never echoes a secret value in its message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret-value' })).toThrow(/JWT_SECRET must be at least 32/);
    try {
      loadConfig({ JWT_SECRET: 'short-secret-value' });
    } catch (error) {
      expect((error as Error).message).not.toContain('short-secret-value');
    }
  });

  it('reads CORS_ORIGINS as a list of origins, none by default', () => {
    expect(loadConfig({}).CORS_ORIGINS).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).CORS_ORIGINS,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(
      /CORS_ORIGINS.*must list origins like https:\/\/app.example.com/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });

  it('reads TRUST_PROXY as hops or addresses, loopback only by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '172.28.0.10, 10.0.0.0/8, fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '172.28.0.10',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', 'proxy.example.com', 'true']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /TRUST_PROXY must be 'none', a number of proxy hops/,
      );
    }
  });

  it('requireSettings names what a process cannot start without', () => {
    const config = loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' });
    expect(() => requireSettings(config, ['DATABASE_URL', 'NATS_URL'], 'to run the admin service')).toThrow(
      'DATABASE_URL is required to run the admin service',
    );
    expect(requireSettings(config, ['NATS_URL'], 'x').NATS_URL).toEqual(['nats://127.0.0.1:4222']);
  });

  it('reads NATS_URL as one server or a cluster seed list', () => {
    expect(loadConfig({ NATS_URL: 'nats://a:4222, nats://b:4222,tls://c:4443' }).NATS_URL).toEqual([
      'nats://a:4222',
      'nats://b:4222',
      'tls://c:4443',
    ]);
    expect(() => loadConfig({ NATS_URL: 'nats://a:4222,b:4222' })).toThrow(
      /NATS_URL must be a URL like nats:\/\/127.0.0.1:4222/,
    );
    expect(() => loadConfig({ NATS_URL: ',' })).toThrow(/NATS_URL must be a URL like nats:/);
  });

  it('puts DATABASE_PASSWORD into DATABASE_URL, percent-encoded, and never echoes it', () => {
    const password = 'p@ss/w#rd:%?';
    const config = loadConfig({
      DATABASE_URL: 'postgres://promptloom@postgres:5432/promptloom',
      DATABASE_PASSWORD: password,
    });
    const url = new URL(config.DATABASE_URL!);
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe('promptloom');
    expect(url.pathname).toBe('/promptloom');
    expect(decodeURIComponent(url.password)).toBe(password);
    expect(loadConfig({ DATABASE_PASSWORD: password }).DATABASE_URL).toBeUndefined();
  });

  it('has database pool settings with bounded waits by default', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      DATABASE_POOL_WAIT_MS: 10_000,
      MIGRATION_LOCK_TIMEOUT_MS: 120_000,
    });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

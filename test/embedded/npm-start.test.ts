import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@promptloom/shared/testing';
import { postgresDataDir } from '../../apps/all-in-one/src/postgres-data-dir';
import { newUser, requestJson } from '../support/http';
import { startAllInOne } from '../support/all-in-one';
import { type RunningProcess } from '../support/processes';

/**
 * The embedded default as `npm start` runs it: embedded PostgreSQL from the npm package, the in-process bus, the
 * gateway and the services in one process, on a data folder that survives a restart.
 */
describe('npm start: the whole product in one process on embedded PostgreSQL', () => {
  // A private (0700) folder, like a clone under /root: as root, PostgreSQL's data then moves where it can run.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptloom-embedded-'));
  const databaseDir = postgresDataDir(dataDir, os.userInfo().uid === 0);
  let running: RunningProcess | null = null;
  let baseUrl = '';

  async function start(): Promise<RunningProcess> {
    const started = await startAllInOne(dataDir);
    baseUrl = started.baseUrl;
    running = started.running;
    return started.running;
  }

  afterAll(async () => {
    await running?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(databaseDir), { recursive: true, force: true });
  });

  const user = newUser();

  it('starts on an empty data folder, prints the first admin password once, and that admin can sign in', async () => {
    const first = await start();
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    const login = await requestJson(baseUrl, 'POST', '/api/login', {
      body: { email: 'admin@promptloom.local', password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role_type).toBe('Admin');
    expect(first.output()).not.toContain('"password"');
    // For a person: the address, plainly, once everything started (after the admin notice), and nothing secret.
    const readyLine = /^Promptloom is ready: http:\/\/127\.0\.0\.1:\d+ {2}\(Ctrl\+C stops it\)$/m;
    const ready = await waitFor(() => readyLine.exec(first.output()), 'the ready line');
    expect(ready!.index).toBeGreaterThan(first.output().indexOf('An admin account was created'));
    expect(ready![0]).not.toContain(password!);

    expect((await requestJson(baseUrl, 'POST', '/api/signup', { body: user })).status).toBe(201);
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Promptloom');
  });

  it('shuts down cleanly on SIGTERM and keeps its data across a restart', async () => {
    expect(await running!.stop('SIGTERM')).toBe(0);
    const second = await start();
    expect(second.output()).not.toContain('An admin account was created');
    const login = await requestJson(baseUrl, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });
});

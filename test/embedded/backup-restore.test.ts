import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { photoJpeg } from '@promptloom/signature-stream/testing';
import { postgresDataDir } from '../../apps/all-in-one/src/postgres-data-dir';
import { startAllInOne } from '../support/all-in-one';
import { newUser, requestJson } from '../support/http';
import { startProcess, type RunningProcess } from '../support/processes';
import { SIX, postForm, streamForm } from '../signature/signature-helpers';

/**
 * README "Back up and restore": `npm run backup` copies a running product's data (tables and images) into a folder;
 * `npm run restore` puts it into an empty product, where the user signs in and finds everything.
 */
describe('npm run backup / npm run restore (embedded shape)', () => {
  const folders: string[] = [];
  const running: RunningProcess[] = [];
  const tempFolder = (prefix: string) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(folder, path.dirname(postgresDataDir(folder, os.userInfo().uid === 0)));
    return folder;
  };

  afterAll(async () => {
    await Promise.all(running.map((process) => process.stop('SIGKILL')));
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  const tool = async (script: 'backup' | 'restore', args: string[], dataDir: string) => {
    const child = startProcess(script, `apps/all-in-one/dist/${script}.js`, { DATA_DIR: dataDir }, args);
    running.push(child);
    return { code: await child.exited, output: child.output() };
  };

  it('backs up a running product and restores it into an empty one, where the user finds everything', async () => {
    const source = tempFolder('promptloom-backup-source-');
    const first = await startAllInOne(source);
    running.push(first.running);
    const user = newUser();
    const signup = await requestJson(first.baseUrl, 'POST', '/api/signup', { body: user });
    const { id, token } = { id: signup.body.user.id as number, token: signup.body.access_token as string };
    const stored = await requestJson(first.baseUrl, 'POST', `/api/br/signature/store/${id}`, {
      token,
      body: { user_id: id, username: 'Ada', signature: SIX, signatureElements: ['Light'], status: '1' },
    });
    expect(stored.status).toBe(200);
    const photo = await photoJpeg(320, 240);
    const upload = await postForm(
      first.baseUrl,
      `/api/stream/store/${id}`,
      token,
      streamForm(id, { bytes: photo, name: 'photo.jpg', type: 'image/jpeg' }),
    );
    expect(upload.status).toBe(200);
    const imageUrl = upload.body.data.image_url as string;
    const image = await fetch(`${first.baseUrl}${imageUrl}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const imageBytes = Buffer.from(await image.arrayBuffer());

    // An empty folder made beforehand with the usual modes (0755): the backup tightens it.
    const backupFolder = path.join(tempFolder('promptloom-backup-'), 'backup');
    fs.mkdirSync(backupFolder, { mode: 0o755 });
    fs.chmodSync(backupFolder, 0o755);
    const backup = await tool('backup', ['--out', backupFolder], source);
    expect({ code: backup.code, output: backup.output }).toMatchObject({ code: 0 });
    // It holds password hashes, emails and AI messages: readable by its owner only.
    const entries = modesUnder(backupFolder);
    expect(entries.filter((entry) => entry.kind === 'file').length).toBeGreaterThan(2);
    expect(entries.filter((entry) => entry.mode !== (entry.kind === 'folder' ? '700' : '600'))).toEqual([]);
    await first.running.stop('SIGTERM');

    const target = tempFolder('promptloom-backup-target-');
    const restore = await tool('restore', ['--from', backupFolder], target);
    expect({ code: restore.code, output: restore.output }).toMatchObject({ code: 0 });

    const second = await startAllInOne(target);
    running.push(second.running);
    const login = await requestJson(second.baseUrl, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const again = login.body.access_token as string;
    const signature = await requestJson(second.baseUrl, 'GET', `/api/br/signature/get/${id}`, {
      token: again,
    });
    expect(signature.body.data.signature).toEqual(SIX);
    const restoredImage = await fetch(`${second.baseUrl}${imageUrl}`, {
      headers: { authorization: `Bearer ${again}` },
    });
    expect(restoredImage.status).toBe(200);
    expect(Buffer.from(await restoredImage.arrayBuffer()).equals(imageBytes)).toBe(true);
    // A new account gets an id after the restored ones: the sequences continue.
    const next = await requestJson(second.baseUrl, 'POST', '/api/signup', { body: newUser() });
    expect(next.body.user.id).toBeGreaterThan(id);
  });
});

/** The folder and everything under it, with each one's permission bits in octal. */
function modesUnder(folder: string): Array<{ path: string; kind: 'file' | 'folder'; mode: string }> {
  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
  const entries: Array<{ path: string; kind: 'file' | 'folder'; mode: string }> = [
    { path: folder, kind: 'folder', mode: mode(folder) },
  ];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    entries.push({ path: file, kind: entry.isDirectory() ? 'folder' : 'file', mode: mode(file) });
  }
  return entries;
}

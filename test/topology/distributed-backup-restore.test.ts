import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_DATABASE_SERVER_URL, createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import { photoJpeg } from '@promptloom/signature-stream/testing';
import {
  startDistributedProduct,
  startS3rver,
  type DistributedProduct,
} from '../support/distributed-product';
import { newUser, requestJson } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL, startProcess, type RunningProcess } from '../support/processes';
import { runSql } from '../support/sql';
import { SIX, postForm, streamForm } from '../signature/signature-helpers';

/**
 * deploy/README.md "Back up and restore": the distributed shape (DATABASE_URL with the service schemas, images in an
 * S3 bucket) backed up while it runs, restored into an empty database and an empty bucket, and found whole there.
 */
describe('npm run backup / npm run restore (distributed shape, S3 object store)', () => {
  /** The restored product's own PostgreSQL role, owner of its schemas (as deploy/postgres-roles.sh makes them). */
  const role = `pl_restored_${randomBytes(4).toString('hex')}`;
  const namespaces = [
    `backup-${randomBytes(4).toString('hex')}`,
    `restore-${randomBytes(4).toString('hex')}`,
  ];
  const databases: TestDatabase[] = [];
  const products: DistributedProduct[] = [];
  const tools: RunningProcess[] = [];
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let folder: string;

  beforeAll(async () => {
    s3 = await startS3rver();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'promptloom-distributed-backup-'));
  });

  afterAll(async () => {
    await Promise.all(tools.map((tool) => tool.stop('SIGKILL')));
    await Promise.all(products.map((product) => product.stop()));
    await Promise.all(databases.map((database) => database.drop()));
    await runSql(TEST_DATABASE_SERVER_URL, `drop role if exists "${role}"`);
    for (const namespace of namespaces) await deleteNamespaceStreams(namespace);
    await s3?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const start = async (namespace: string, bucket: string) => {
    const database = await createTestDatabase('pl_backup');
    databases.push(database);
    const product = await startDistributedProduct({
      natsUrl: TEST_NATS_URL,
      databaseUrl: database.url,
      namespace,
      objectStore: { port: s3.port, bucket },
    });
    products.push(product);
    return { database, product };
  };

  const tool = async (script: 'backup' | 'restore', args: string[], env: Record<string, string>) => {
    const child = startProcess(script, `apps/all-in-one/dist/${script}.js`, env, args);
    tools.push(child);
    return { code: await child.exited, output: child.output() };
  };

  it('backs up the running distributed product and restores it into an empty database and bucket', async () => {
    const source = await start(namespaces[0]!, 'promptloom-backup-source');
    const baseUrl = source.product.baseUrl;
    const user = newUser();
    const signup = await requestJson(baseUrl, 'POST', '/api/signup', { body: user });
    expect(signup.status).toBe(201);
    const { id, token } = { id: signup.body.user.id as number, token: signup.body.access_token as string };
    const stored = await requestJson(baseUrl, 'POST', `/api/br/signature/store/${id}`, {
      token,
      body: { user_id: id, username: 'Ada', signature: SIX, signatureElements: ['Light'], status: '1' },
    });
    expect(stored.status).toBe(200);
    const upload = await postForm(
      baseUrl,
      `/api/stream/store/${id}`,
      token,
      streamForm(id, { bytes: await photoJpeg(320, 240), name: 'photo.jpg', type: 'image/jpeg' }),
    );
    expect(upload.status).toBe(200);
    const imageUrl = upload.body.data.image_url as string;
    const image = await fetch(`${baseUrl}${imageUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    const imageBytes = Buffer.from(await image.arrayBuffer());

    const backupFolder = path.join(folder, 'backup');
    const backup = await tool('backup', ['--out', backupFolder], {
      DATABASE_URL: source.database.url,
      ...source.product.s3Env,
    });
    expect({ code: backup.code, output: backup.output }).toMatchObject({ code: 0 });
    await source.product.stop();

    // An empty deployment as compose prepares it: each schema owned by a service role, with no tables yet.
    const target = await createTestDatabase('pl_restore');
    databases.push(target);
    await runSql(TEST_DATABASE_SERVER_URL, `create role "${role}" login`);
    await runSql(
      target.url,
      `grant connect, create on database "${target.name}" to "${role}";
       create schema admin authorization "${role}"; create schema ai authorization "${role}";
       create schema signature authorization "${role}"`,
    );
    const targetS3 = { ...source.product.s3Env, S3_BUCKET: 'promptloom-backup-restored' };
    const restore = await tool('restore', ['--from', backupFolder], {
      DATABASE_URL: target.url,
      ...targetS3,
    });
    expect({ code: restore.code, output: restore.output }).toMatchObject({ code: 0 });

    const notTheOwners = await runSql(
      target.url,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('admin', 'ai', 'signature') and c.relowner <> n.nspowner
       union all
       select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('admin', 'ai', 'signature') and p.proowner <> n.nspowner`,
    );
    expect(notTheOwners.rows).toEqual([]);
    // Restore ran as the superuser; the services run as the schemas' owner, which can read and migrate all of it.
    const asRole = new URL(target.url);
    asRole.username = role;
    const restored = await startDistributedProduct({
      natsUrl: TEST_NATS_URL,
      databaseUrl: asRole.toString(),
      namespace: namespaces[1]!,
      objectStore: { port: s3.port, bucket: targetS3.S3_BUCKET },
    });
    products.push(restored);
    const login = await requestJson(restored.baseUrl, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const again = login.body.access_token as string;
    const signature = await requestJson(restored.baseUrl, 'GET', `/api/br/signature/get/${id}`, {
      token: again,
    });
    expect(signature.body.data.signature).toEqual(SIX);
    const restoredImage = await fetch(`${restored.baseUrl}${imageUrl}`, {
      headers: { authorization: `Bearer ${again}` },
    });
    expect(restoredImage.status).toBe(200);
    expect(Buffer.from(await restoredImage.arrayBuffer()).equals(imageBytes)).toBe(true);
    // The source's first admin came back too.
    const adminLogin = await requestJson(restored.baseUrl, 'POST', '/api/login', {
      body: source.product.admin,
    });
    expect(adminLogin.status).toBe(200);
  }, 360_000); // two distributed products (five processes each) started one after the other
});

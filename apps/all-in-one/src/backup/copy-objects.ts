import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ObjectStore } from '@promptloom/shared';
import { type BackupManifest } from './backup-format';
import { PRIVATE_FILE_MODE, makePrivateFolder } from './private-files';

/** Copies every stored object into `<folder>/objects/<key>`; returns what the manifest records of each. */
export async function backupObjects(store: ObjectStore, folder: string): Promise<BackupManifest['objects']> {
  const objects: BackupManifest['objects'] = [];
  for (const key of await store.list('')) {
    const object = await store.get(key);
    if (!object) continue; // removed since it was listed
    const file = objectFile(folder, key);
    await makePrivateFolder(path.dirname(file));
    await writeFile(file, object.body, { mode: PRIVATE_FILE_MODE });
    objects.push({ key, contentType: object.contentType, size: object.body.length });
  }
  return objects;
}

export async function restoreObjects(
  store: ObjectStore,
  folder: string,
  manifest: BackupManifest,
): Promise<void> {
  for (const { key, contentType } of manifest.objects) {
    await store.put(key, await readFile(objectFile(folder, key)), { contentType });
  }
}

/** Keys are checked by the object store (no `..`, no absolute paths), and again here before touching a file. */
function objectFile(folder: string, key: string): string {
  const root = path.resolve(folder, 'objects');
  const file = path.resolve(root, key);
  if (!file.startsWith(`${root}${path.sep}`))
    throw new Error(`Refusing an object key outside the backup: ${key}`);
  return file;
}

import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, access, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '@promptloom/proto';
import { CorruptObjectFileError, decodeObjectFile, encodeHeader, readHeader } from './disk-object-format';
import { errorCode } from './error-code';
import {
  compareObjectKeys,
  type ObjectStore,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectStream,
} from './object-store';
import { validateFolderPrefix, validateObjectKey, validatePutOptions } from './object-store-input';

/** Keys cannot start a segment with '.', so this folder never collides with an object. */
const TEMP_FOLDER = '.tmp';
/** Errors that mean a key and a folder of the same name collide ("a" against "a/b"). */
const PATH_CONFLICT_CODES = new Set(['EEXIST', 'EISDIR', 'ENOTDIR', 'ENOTEMPTY']);
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR']);

/**
 * The embedded default: objects as files under `rootDir` (`.data/objects`), one file per key at `<rootDir>/<key>`,
 * holding a small header with the content type and metadata followed by the bytes (format: `disk-object-format.ts`).
 *
 * A put writes `<rootDir>/.tmp/<uuid>`, flushes it to disk, then renames it over the target, so a reader or a crash
 * sees the old object or the new one, never part of one. Unlike S3, a key cannot also be a folder: with "a/b"
 * stored, a put of "a" fails with CONFLICT (and the other way round).
 */
export class DiskObjectStore implements ObjectStore {
  private readonly root: string;
  private readonly tempFolder: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
    this.tempFolder = path.join(this.root, TEMP_FOLDER);
  }

  async put(key: string, body: Buffer, options: PutObjectOptions): Promise<void> {
    validateObjectKey(key);
    validatePutOptions(options);
    const target = this.pathOf(key);
    const header = encodeHeader({ contentType: options.contentType, metadata: { ...options.metadata } });
    const tempFile = path.join(this.tempFolder, randomUUID());
    try {
      await mkdir(this.tempFolder, { recursive: true });
      await writeFileDurably(tempFile, [header, body]);
      await this.moveIntoPlace(tempFile, target, key);
    } catch (error) {
      await rm(tempFile, { force: true }).catch(() => undefined);
      throw this.failure('store', key, error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = await this.openObject(key);
    if (!file) {
      return null;
    }
    try {
      const { header, body } = decodeObjectFile(await file.readFile());
      return { ...header, size: body.length, body };
    } catch (error) {
      throw this.failure('read', key, error);
    } finally {
      await file.close();
    }
  }

  async getStream(key: string): Promise<StoredObjectStream | null> {
    const file = await this.openObject(key);
    if (!file) {
      return null;
    }
    try {
      const { header, bodyOffset } = await readHeader(file);
      const { size } = await file.stat();
      // The stream reads the file already open, so a concurrent overwrite cannot change what it serves.
      const body = file.createReadStream({ start: bodyOffset });
      return { ...header, size: size - bodyOffset, body };
    } catch (error) {
      await file.close();
      throw this.failure('read', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    validateObjectKey(key);
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (MISSING_CODES.has(errorCode(error))) {
        return false;
      }
      throw this.failure('check', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    validateObjectKey(key);
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      if (MISSING_CODES.has(errorCode(error)) || (await isFolder(file))) {
        return;
      }
      throw this.failure('delete', key, error);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    validateFolderPrefix(prefix, { allowEmpty: false });
    const folder = this.pathOf(prefix.slice(0, -1));
    try {
      // "users/4/" names a folder; an object stored as "users/4" is not under it.
      if (!(await stat(folder)).isDirectory()) {
        return;
      }
      // maxRetries covers ENOTEMPTY when a concurrent put lands a file in the folder being removed.
      await rm(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      if (!MISSING_CODES.has(errorCode(error))) {
        throw this.failure('delete', prefix, error);
      }
    }
  }

  async list(prefix: string): Promise<string[]> {
    validateFolderPrefix(prefix, { allowEmpty: true });
    const keys: string[] = [];
    try {
      await collectKeys(prefix === '' ? this.root : this.pathOf(prefix.slice(0, -1)), prefix, keys);
    } catch (error) {
      throw this.failure('list', prefix, error);
    }
    return keys.sort(compareObjectKeys);
  }

  async ready(): Promise<void> {
    try {
      await mkdir(this.tempFolder, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        `Object store folder is not usable: ${errorCode(error)} on ${this.root}.`,
      );
    }
  }

  private pathOf(key: string): string {
    const file = path.join(this.root, ...key.split('/'));
    const relative = path.relative(this.root, file);
    // Validation already rules this out; checking the resolved path keeps traversal impossible if rules change.
    if (
      relative === '' ||
      relative === '..' ||
      relative.startsWith(`..${path.sep}`) ||
      path.isAbsolute(relative)
    ) {
      throw new DomainError('BAD_USER_INPUT', `Invalid object key ${JSON.stringify(key)}.`);
    }
    return file;
  }

  /** Opens the object's file for reading, or returns null when there is no object under `key`. */
  private async openObject(key: string): Promise<FileHandle | null> {
    validateObjectKey(key);
    let file: FileHandle;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (MISSING_CODES.has(errorCode(error))) {
        return null;
      }
      throw this.failure('read', key, error);
    }
    try {
      if ((await file.stat()).isFile()) {
        return file;
      }
    } catch (error) {
      await file.close();
      throw this.failure('read', key, error);
    }
    await file.close();
    return null;
  }

  private async moveIntoPlace(tempFile: string, target: string, key: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tempFile, target);
        return;
      } catch (error) {
        const code = errorCode(error);
        // A concurrent deletePrefix can remove the folder between mkdir and rename: make it again.
        if (code === 'ENOENT' && attempt < 3) {
          continue;
        }
        if (PATH_CONFLICT_CODES.has(code)) {
          throw new DomainError(
            'CONFLICT',
            `Object key ${JSON.stringify(key)} collides with a folder or an object on its path.`,
          );
        }
        throw error;
      }
    }
  }

  private failure(action: string, key: string, error: unknown): DomainError {
    if (error instanceof DomainError) {
      return error;
    }
    if (error instanceof CorruptObjectFileError) {
      return new DomainError(
        'INTERNAL',
        `Stored object ${JSON.stringify(key)} is unreadable: ${error.message}`,
      );
    }
    return new DomainError(
      'SERVICE_UNAVAILABLE',
      `Object store could not ${action} ${JSON.stringify(key)} on disk: ${errorCode(error)}.`,
    );
  }
}

async function writeFileDurably(file: string, chunks: Buffer[]): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    for (const chunk of chunks) {
      // On a handle, writeFile writes the whole chunk from the current position: chunks land one after another.
      await handle.writeFile(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Adds the key of every file under `folder` to `keys`; dot-names are the store's own and are skipped. */
async function collectKeys(folder: string, keyPrefix: string, keys: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (MISSING_CODES.has(errorCode(error))) {
      return;
    }
    throw error;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) {
      continue;
    }
    if (entry.isDirectory()) {
      await collectKeys(path.join(folder, entry.name), `${keyPrefix}${entry.name}/`, keys);
    } else if (entry.isFile()) {
      keys.push(`${keyPrefix}${entry.name}`);
    }
  }
}

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

import { type Readable } from 'node:stream';

/**
 * Where images and other binary objects live (DESIGN.md "objects"). Two adapters implement it: `DiskObjectStore`
 * (embedded default, `.data/objects`) and `S3ObjectStore` (MinIO or any S3). Both pass the same contract suite
 * (`object-store-contract.ts`).
 *
 * Keys are '/'-separated relative paths such as `users/42/images/<uuid>.webp` (rules in `object-store-input.ts`).
 * Every method rejects an invalid key, prefix, content type or metadata with DomainError('BAD_USER_INPUT') and a
 * backend failure with DomainError('SERVICE_UNAVAILABLE').
 */
export interface ObjectStore {
  /** Stores `body` under `key`, replacing any previous object. Readers see the old or the new object, never a mix. */
  put(key: string, body: Buffer, options: PutObjectOptions): Promise<void>;

  /** The whole object in memory, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;

  /** The object as a stream, for serving it without buffering, or null when there is none. */
  getStream(key: string): Promise<StoredObjectStream | null>;

  exists(key: string): Promise<boolean>;

  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;

  /**
   * Removes every object whose key starts with `prefix`, e.g. `users/42/` when user 42 is deleted. The prefix
   * must end with '/' so that `users/4/` can never take `users/42/...` with it.
   */
  deletePrefix(prefix: string): Promise<void>;

  /** Every key starting with `prefix` ('' for all, otherwise ending with '/'), in UTF-8 byte order. */
  list(prefix: string): Promise<string[]>;

  /** Resolves when the backend is reachable and usable (for /readyz); rejects with SERVICE_UNAVAILABLE otherwise. */
  ready(): Promise<void>;
}

export interface PutObjectOptions {
  /** A media type such as `image/webp`, returned as is by `get` and `getStream`. */
  contentType: string;
  /** Small string annotations. Names: lowercase letters, digits and '-'; values: printable ASCII; 2 KB in all. */
  metadata?: Record<string, string>;
}

export interface ObjectInfo {
  contentType: string;
  /** The body's length in bytes. */
  size: number;
  metadata: Record<string, string>;
}

export interface StoredObject extends ObjectInfo {
  body: Buffer;
}

export interface StoredObjectStream extends ObjectInfo {
  /** Must be consumed or destroyed: it holds a file handle or an HTTP connection until then. */
  body: Readable;
}

/** Orders keys the way S3 lists them: by their UTF-8 bytes. */
export function compareObjectKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

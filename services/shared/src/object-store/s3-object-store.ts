import { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { DomainError } from '@promptloom/proto';
import { type BucketItem, Client, type ItemBucketMetadata, S3Error } from 'minio';
import { errorCode } from './error-code';
import {
  compareObjectKeys,
  type ObjectInfo,
  type ObjectStore,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectStream,
} from './object-store';
import { validateFolderPrefix, validateObjectKey, validatePutOptions } from './object-store-input';
import { RequestTimeoutError, transportWithTimeout } from './timeout-transport';

export interface S3ObjectStoreOptions {
  endPoint: string;
  /** Default: 443 with SSL, 80 without. */
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Default 'us-east-1'. Set so that the client never has to ask the server for the bucket's region first. */
  region?: string;
  /**
   * A request whose connection stays idle this long fails with SERVICE_UNAVAILABLE. This also applies while a
   * `getStream` body is being read: a consumer that stops reading for longer sees the stream fail. Default 10 000.
   */
  requestTimeoutMs?: number;
  /** Keys per DeleteObjects request in `deletePrefix`; lower it for servers with a smaller limit. Default 1000. */
  deleteBatchSize?: number;
}

const DEFAULT_REGION = 'us-east-1';
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** The most keys one S3 DeleteObjects request accepts. */
const MAX_DELETE_BATCH_SIZE = 1000;
/** S3's bucket naming rules, less the rarely used ones (IP-address-like names, "xn--" prefixes). */
const BUCKET_NAME = /^(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const MAX_PRESIGNED_EXPIRY_SECONDS = 7 * 24 * 3600;
const USER_METADATA_HEADER = 'x-amz-meta-';
/** NoSuchKey answers a GET; a HEAD has no body, so the client reports it as NotFound. */
const MISSING_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound']);
const BUCKET_TAKEN_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

/**
 * The distributed mode's store: MinIO or any S3 service, one bucket. The content type is the object's
 * Content-Type and metadata entries are `x-amz-meta-*` headers. Call `ensureBucket()` once at startup.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly deleteBatchSize: number;
  /** Names the server in error messages; never includes the credentials. */
  private readonly serverName: string;

  /** Throws on an invalid bucket name or batch size: configuration mistakes that no retry can fix. */
  constructor(options: S3ObjectStoreOptions) {
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    if (!BUCKET_NAME.test(options.bucket)) {
      throw new Error(`Invalid S3 bucket name ${JSON.stringify(options.bucket)}.`);
    }
    this.bucket = options.bucket;
    this.region = options.region ?? DEFAULT_REGION;
    this.deleteBatchSize = options.deleteBatchSize ?? MAX_DELETE_BATCH_SIZE;
    if (
      !Number.isInteger(this.deleteBatchSize) ||
      this.deleteBatchSize < 1 ||
      this.deleteBatchSize > MAX_DELETE_BATCH_SIZE
    ) {
      throw new Error(`deleteBatchSize must be a whole number from 1 to ${MAX_DELETE_BATCH_SIZE}.`);
    }
    const port = options.port ?? (options.useSSL ? 443 : 80);
    this.serverName = `${options.useSSL ? 'https' : 'http'}://${options.endPoint}:${port}`;
    this.client = new Client({
      endPoint: options.endPoint,
      port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
      transport: transportWithTimeout(options.useSSL, timeoutMs),
    });
  }

  /** Creates the bucket unless it exists; safe to call from several processes at once. */
  async ensureBucket(): Promise<void> {
    if (await this.bucketExists()) {
      return;
    }
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another process created it between our check and our request.
      if (
        error instanceof S3Error &&
        BUCKET_TAKEN_CODES.has(errorCode(error)) &&
        (await this.bucketExists())
      ) {
        return;
      }
      throw this.unavailable('create the bucket', error);
    }
  }

  async put(key: string, body: Buffer, options: PutObjectOptions): Promise<void> {
    validateObjectKey(key);
    validatePutOptions(options);
    const headers: ItemBucketMetadata = { 'Content-Type': options.contentType };
    for (const [name, value] of Object.entries(options.metadata ?? {})) {
      headers[`${USER_METADATA_HEADER}${name}`] = value;
    }
    await this.attempt(`store ${JSON.stringify(key)}`, () =>
      this.client.putObject(this.bucket, key, body, body.length, headers),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.fetchObject(key);
    if (!response) {
      return null;
    }
    const info = objectInfo(response);
    const body = await this.attempt(`read ${JSON.stringify(key)}`, () => buffer(response));
    return { ...info, size: body.length, body };
  }

  async getStream(key: string): Promise<StoredObjectStream | null> {
    const response = await this.fetchObject(key);
    return response ? { ...objectInfo(response), body: response } : null;
  }

  async exists(key: string): Promise<boolean> {
    validateObjectKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (isMissingObject(error)) {
        return false;
      }
      throw this.unavailable(`check ${JSON.stringify(key)}`, error);
    }
  }

  async delete(key: string): Promise<void> {
    validateObjectKey(key);
    await this.attempt(`delete ${JSON.stringify(key)}`, () => this.client.removeObject(this.bucket, key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    validateFolderPrefix(prefix, { allowEmpty: false });
    await this.attempt(`delete the objects under ${JSON.stringify(prefix)}`, async () => {
      // Deleting page by page keeps memory flat; S3 continuation tokens stay valid while listed keys disappear.
      let batch: string[] = [];
      for await (const key of this.keysUnder(prefix)) {
        batch.push(key);
        if (batch.length === this.deleteBatchSize) {
          await this.removeBatch(batch);
          batch = [];
        }
      }
      if (batch.length > 0) {
        await this.removeBatch(batch);
      }
    });
  }

  async list(prefix: string): Promise<string[]> {
    validateFolderPrefix(prefix, { allowEmpty: true });
    return this.attempt(`list the objects under ${JSON.stringify(prefix)}`, async () => {
      const keys: string[] = [];
      for await (const key of this.keysUnder(prefix)) {
        keys.push(key);
      }
      return keys.sort(compareObjectKeys);
    });
  }

  async ready(): Promise<void> {
    if (!(await this.bucketExists())) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        `Object store ${this.serverName} has no bucket "${this.bucket}"; it is created at startup by ensureBucket().`,
      );
    }
  }

  /** A URL that lets anyone holding it GET the object for `expirySeconds` (1 s to 7 days). */
  async presignedGetUrl(key: string, expirySeconds = 3600): Promise<string> {
    validateObjectKey(key);
    if (
      !Number.isInteger(expirySeconds) ||
      expirySeconds < 1 ||
      expirySeconds > MAX_PRESIGNED_EXPIRY_SECONDS
    ) {
      throw new DomainError(
        'BAD_USER_INPUT',
        `URL expiry must be a whole number of seconds from 1 to ${MAX_PRESIGNED_EXPIRY_SECONDS}.`,
      );
    }
    return this.attempt(`sign a URL for ${JSON.stringify(key)}`, () =>
      this.client.presignedGetObject(this.bucket, key, expirySeconds),
    );
  }

  /** The GET response, whose headers and body belong to the same version of the object; null when missing. */
  private async fetchObject(key: string): Promise<IncomingMessage | null> {
    validateObjectKey(key);
    let response;
    try {
      response = await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isMissingObject(error)) {
        return null;
      }
      throw this.unavailable(`read ${JSON.stringify(key)}`, error);
    }
    // minio types getObject as a plain Readable, but it resolves with the HTTP response itself.
    if (!(response instanceof IncomingMessage)) {
      response.destroy();
      throw new DomainError('INTERNAL', 'The minio client returned an object body without HTTP headers.');
    }
    return response;
  }

  private async *keysUnder(prefix: string): AsyncGenerator<string> {
    const items = this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<BucketItem>;
    for await (const item of items) {
      if (item.name !== undefined) {
        yield item.name;
      }
    }
  }

  private async removeBatch(keys: string[]): Promise<void> {
    const failures = await this.client.removeObjects(this.bucket, keys);
    if (failures.length > 0) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        `Object store ${this.serverName} failed to delete ${failures.length} of ${keys.length} objects.`,
      );
    }
  }

  private async bucketExists(): Promise<boolean> {
    return this.attempt(`reach bucket "${this.bucket}"`, () => this.client.bucketExists(this.bucket));
  }

  private async attempt<T>(action: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw this.unavailable(action, error);
    }
  }

  private unavailable(action: string, error: unknown): DomainError {
    if (error instanceof DomainError) {
      return error;
    }
    // Only the code: S3 and network messages are not ours to forward, and must never carry a credential.
    const reason =
      error instanceof RequestTimeoutError ? `no answer within ${error.timeoutMs} ms` : errorCode(error);
    return new DomainError(
      'SERVICE_UNAVAILABLE',
      `Object store ${this.serverName} (bucket "${this.bucket}") could not ${action}: ${reason}.`,
    );
  }
}

function objectInfo(response: IncomingMessage): ObjectInfo {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (name.startsWith(USER_METADATA_HEADER) && typeof value === 'string') {
      metadata[name.slice(USER_METADATA_HEADER.length)] = value;
    }
  }
  return {
    contentType: response.headers['content-type'] ?? 'application/octet-stream',
    size: Number(response.headers['content-length'] ?? 0),
    metadata,
  };
}

function isMissingObject(error: unknown): boolean {
  return error instanceof S3Error && MISSING_OBJECT_CODES.has(errorCode(error));
}

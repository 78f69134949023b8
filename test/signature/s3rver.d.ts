/** The parts of s3rver (an S3 server for tests, no typings of its own) that these tests use. */
declare module 's3rver' {
  import { type AddressInfo } from 'node:net';

  class S3rver {
    constructor(options?: { address?: string; port?: number; silent?: boolean; directory?: string });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}

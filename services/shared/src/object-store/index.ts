export * from './object-store';
export { validateFolderPrefix, validateObjectKey, validatePutOptions } from './object-store-input';
export { DiskObjectStore } from './disk-object-store';
export { S3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store';
export * from './object-store-factory';

export * from './config';
export * from './trust-proxy';

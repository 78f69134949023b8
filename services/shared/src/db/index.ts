export * from './database';
export * from './database-errors';
export * from './migration';
export * from './outbox-migration';
export * from './outbox';
export * from './outbox-relay';
export * from './outbox-writer';
export * from './idempotency-migration';

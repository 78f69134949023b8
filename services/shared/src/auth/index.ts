export * from './require-stored-admin';
export * from './live-sessions';
export * from './require-access';

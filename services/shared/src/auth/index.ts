export * from './require-stored-admin';
export * from './live-sessions';
export * from './access-checks';
export * from './enforce-access';

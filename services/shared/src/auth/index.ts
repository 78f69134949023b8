export * from './require-stored-admin';

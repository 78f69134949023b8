export * from './admin-service';
export * from './first-admin';

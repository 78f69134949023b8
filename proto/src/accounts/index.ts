export * from './schemas';
export * from './admin-user-schemas';
export * from './operations';
export * from './events';
export * from './sessions';

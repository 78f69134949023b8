export * from './policy';
export * from './operation-access';
export * from './operation-callers';
export * from './declaration';

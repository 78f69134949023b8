export * from './policy';
export * from './operation-access';

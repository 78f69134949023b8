export * from './enums';
export * from './errors';
export * from './validation';
export * from './fields';
export * from './operation';
export * from './context';
export * from './accounts';
export * from './rules';

export * from './limit';
export * from './limit-store';

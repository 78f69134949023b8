export * from './bus';
export * from './typed';

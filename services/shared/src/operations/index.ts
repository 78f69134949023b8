export * from './handle';

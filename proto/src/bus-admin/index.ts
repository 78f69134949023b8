export * from './dead-letters';

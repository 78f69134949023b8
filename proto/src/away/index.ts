export * from './away-schemas';
